import type PgBoss from "pg-boss";

/**
 * Puts one job per key on `queue` (a "short" queue: one waiting job per key) in one statement.
 * The sweeps find the same due rows on every tick until a job has claimed them, so most keys
 * already have a job waiting; the queue's unique index skips those (pg-boss's insert is
 * ON CONFLICT DO NOTHING). One `send` per row cost a round trip each: a sweep of 100 due
 * e-mails took 1.4–2.2 s under booking load, all of it beside the bookings on the same cores
 * (bench/analysis.md, "Eleventh session").
 */
export async function queueOnce(
  boss: PgBoss,
  queue: string,
  jobs: readonly { key: string; data: object }[],
): Promise<void> {
  if (jobs.length === 0) return;
  await boss.insert(jobs.map(({ key, data }) => ({ name: queue, data, singletonKey: key })));
}
