import { afterAll, inject } from "vitest";
import { createDatabase, type Database } from "../client.ts";
import { createTestDatabase } from "./test-server.ts";

export interface TestDb {
  url: string;
  db: Database;
}

/**
 * A migrated database of this test file's own, dropped after its tests. Call at the top of
 * a test file (in a test run whose global setup is `vitest-global-setup.ts`).
 */
export async function useTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDb> {
  const database = await createTestDatabase(inject("databaseAdminUrl"), options.migrated === false ? null : inject("databaseTemplate"));
  const db = createDatabase(database.url);
  afterAll(async () => {
    await db.$disconnect();
    await database.drop();
  });
  return { url: database.url, db };
}
