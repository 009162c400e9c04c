import type { Database } from "../client.ts";
import { DEMO, HARBOUR } from "./catalog.ts";
import { seedBookings } from "./seed-bookings.ts";
import { seedOperator } from "./seed-operator.ts";
import { seedCustomUsage, seedSentEmails } from "./seed-outbox-and-usage.ts";
import { SeededRandom } from "./seeded-random.ts";

export const SEED = 20_261_122;

export type SeedOutcome = { seeded: true; operators: string[] } | { seeded: false; reason: string };

/**
 * The demo data: operators `demo` and `harbour` with everything a console user and a
 * partner would see. Deterministic for a given `today` (midnight UTC of the day it runs),
 * and all in one transaction: an interrupted seed leaves nothing, and a seeded database is
 * left as it is.
 */
export async function seedDemoData(db: Database, today: Date): Promise<SeedOutcome> {
  const anchor = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(20261122)`;
      const existing = await tx.operator.count({ where: { slug: { in: [DEMO.slug, HARBOUR.slug] } } });
      if (existing > 0) return { seeded: false, reason: "the demo operators already exist" };
      for (const [index, spec] of [DEMO, HARBOUR].entries()) {
        const random = new SeededRandom(SEED + index);
        const catalog = await seedOperator(tx, spec, anchor, random);
        await seedBookings(tx, spec, catalog, anchor, random);
        await seedSentEmails(tx, catalog.operatorId, anchor, random);
        await seedCustomUsage(tx, spec, catalog.operatorId, anchor, random);
      }
      return { seeded: true, operators: [DEMO.slug, HARBOUR.slug] };
    },
    { timeout: 300_000, maxWait: 30_000 },
  );
}

/** Whether the database holds any operator at all: `pnpm dev` seeds only an empty one. */
export async function isEmpty(db: Database): Promise<boolean> {
  return (await db.operator.count()) === 0;
}
