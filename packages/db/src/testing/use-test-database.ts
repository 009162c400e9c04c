import { afterAll, inject } from "vitest";

import { createClient, type Database } from "../client.ts";

import "./provided-context.ts";

import { createTestDatabase } from "./test-server.ts";

export interface TestDb {
  url: string;
  db: Database;
}

/**
 * A database of this test file's own (migrated by default, empty, or with the demo seed),
 * dropped after its tests. Call at the top of
 * a test file (in a test run whose global setup is `vitest-global-setup.ts`).
 */
export async function useTestDatabase(options: { content?: "empty" | "migrated" | "demo" } = {}): Promise<TestDb> {
  const content = options.content ?? "migrated";
  const template =
    content === "empty" ? null : content === "demo" ? inject("databaseSeededTemplate") : inject("databaseTemplate");
  if (content === "demo" && !template)
    throw new Error("set SLOTWISE_TEST_DEMO_DATA=1 in the vitest config's test.env to get the demo data");
  const database = await createTestDatabase(inject("databaseAdminUrl"), inject("databaseRunPrefix"), template);
  const db = createClient(database.url);
  afterAll(async () => {
    await db.$disconnect();
    await database.drop();
  });
  return { url: database.url, db };
}
