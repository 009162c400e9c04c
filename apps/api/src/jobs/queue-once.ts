import type PgBoss from "pg-boss";

/**
 * Puts one job per key on `queue` in one statement. The queue must have the "short" policy (one
 * waiting job per key): the sweeps find the same due rows on every tick until a job has claimed
 * them, so most keys already have a job waiting, and the queue's unique index skips those
 * (pg-boss's insert is ON CONFLICT DO NOTHING; like `send`, it drops jobs for a queue that does
 * not exist without a word). One `send` per row would cost a round trip each, which a sweep of
 * many due e-mails cannot afford beside the bookings on the same cores.
 *
 * The jobs of one call share their creation time, so the queue hands them out in no particular
 * order: the e-mails of one sweep are not sent oldest first (those of earlier sweeps still go
 * before). Sorted by key, so that two workers inserting the same keys take them in one order and
 * cannot deadlock on each other's uncommitted entries.
 */
export async function queueOnce(
  boss: PgBoss,
  queue: string,
  jobs: readonly { key: string; data: object }[],
): Promise<void> {
  if (jobs.length === 0) return;
  const sorted = [...jobs].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  await boss.insert(sorted.map(({ key, data }) => ({ name: queue, data, singletonKey: key })));
}
