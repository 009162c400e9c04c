import { setAsideCount, type Database } from "@slotwise/db";

/**
 * What /readyz reports besides "ready" (answering at all proves the database is reachable):
 * usage entries the compactor had to set aside, which someone should look at.
 */
export async function readiness(db: Database): Promise<{ usageEntriesSetAside: number }> {
  return { usageEntriesSetAside: await setAsideCount(db) };
}
