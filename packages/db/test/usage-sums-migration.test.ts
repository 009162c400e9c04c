import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { ExactDecimal } from "@slotwise/core";

import { createClient } from "../src/client.ts";
import { readMigrations, runMigrations } from "../src/migrate/run-migrations.ts";
import { migrationsDir } from "../src/paths.ts";
import { compactUsageFully } from "../src/testing/compact-usage-fully.ts";
import { useTestDatabase } from "../src/testing/use-test-database.ts";
import { usageTotals } from "../src/usage/summarize-usage.ts";

const { url } = await useTestDatabase({ content: "empty" });
const FIX = "20261123010000_usage_sums_never_overflow";

describe("a database whose compactor was stuck on an overflowing quarter hour", () => {
  it("folds again, exactly, once the migration that widens the rollups is applied", async () => {
    const before = await mkdtemp(join(tmpdir(), "slotwise-migrations-"));
    const db = createClient(url, { maxConnections: 2 });
    try {
      for (const { name } of (await readMigrations()).filter((m) => m.name < FIX))
        await cp(join(migrationsDir, name), join(before, name), { recursive: true });
      await runMigrations(url, before);
      const operator = await db.operator.create({ data: { slug: "stuck", name: "Stuck" } });
      const at = new Date("2026-03-01T10:00:00Z");
      await db.usageEntry.createMany({
        data: [1, 2].map(() => ({ operatorId: operator.id, meter: "api-calls", usage: "9e25", occurredAt: at })),
      });
      await expect(
        db.$executeRaw`INSERT INTO usage_rollups_15m (operator_id, bucket_start, meter, total, events) SELECT operator_id, ${at}, meter, sum(usage), count(*) FROM usage_entries GROUP BY 1, 3`,
      ).rejects.toThrow(/numeric field overflow/);

      expect(await runMigrations(url)).toContain(FIX);
      expect(await compactUsageFully(db)).toEqual({ folded: 2, setAside: [] });
      const [total] = await usageTotals(
        db,
        operator.id,
        new Date("2026-03-01T00:00:00Z"),
        new Date("2026-03-02T00:00:00Z"),
      );
      expect(new ExactDecimal(total!.totalUsage).toFixed()).toBe("180000000000000000000000000");
    } finally {
      await db.$disconnect();
      await rm(before, { recursive: true, force: true });
    }
  });
});
