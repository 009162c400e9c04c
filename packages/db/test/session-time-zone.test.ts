import pg from "pg";
import { describe, expect, it } from "vitest";

import { createClient } from "../src/client.ts";
import { useTestDatabase } from "../src/testing/use-test-database.ts";

const test = await useTestDatabase({ content: "empty" });

describe("database sessions", () => {
  it("read the instants they are sent as those instants, whatever the database's own time zone", async () => {
    const admin = new pg.Client({ connectionString: test.url });
    await admin.connect();
    const name = (await admin.query<{ db: string }>("SELECT current_database() AS db")).rows[0]?.db ?? "";
    await admin.query(`ALTER DATABASE ${admin.escapeIdentifier(name)} SET TimeZone = 'Pacific/Kiritimati'`);
    await admin.end();
    const db = createClient(test.url, { maxConnections: 1 });
    try {
      const instant = new Date("2026-03-01T00:30:00.000Z");
      const [row] = await db.$queryRaw<{ at: Date; zone: string }[]>`
        SELECT ${instant}::timestamptz AS at, current_setting('TimeZone') AS zone`;
      expect(row?.at.toISOString()).toBe(instant.toISOString());
      expect(row?.zone).toBe("UTC");
    } finally {
      await db.$disconnect();
    }
  });
});
