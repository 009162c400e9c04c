import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";

import { readMigrations, runMigrations } from "../src/migrate/run-migrations.ts";
import { useTestDatabase } from "../src/testing/use-test-database.ts";
import { actualSchema } from "./database-model.ts";
import { expectedSchema, type ExpectedSchema } from "./schema-model.ts";

const empty = await useTestDatabase({ content: "empty" });
const expected = await expectedSchema();

describe("migrations", () => {
  it("apply to an empty database and are recorded the way Prisma records them", async () => {
    const migrations = await readMigrations();
    expect(await runMigrations(empty.url)).toEqual(migrations.map((m) => m.name));
    const client = new pg.Client({ connectionString: empty.url });
    await client.connect();
    const rows = await client.query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      applied_steps_count: number;
    }>(
      `SELECT migration_name, checksum, finished_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name`,
    );
    await client.end();
    expect(rows.rows.map((r) => [r.migration_name, r.checksum, r.applied_steps_count])).toEqual(
      migrations.map((m) => [m.name, m.checksum, 1]),
    );
    expect(rows.rows.every((r) => r.finished_at instanceof Date)).toBe(true);
  });

  it("apply nothing the second time", async () => {
    expect(await runMigrations(empty.url)).toEqual([]);
  });

  describe("leave a database that matches schema.prisma", () => {
    let actual: ExpectedSchema;
    beforeAll(async () => {
      actual = await actualSchema(empty.url);
    });

    it("has every enum with its values, and no other", () => {
      expect(actual.enums).toEqual(expected.enums);
    });

    it("has every table, and no other", () => {
      expect(Object.keys(actual.tables).sort()).toEqual(Object.keys(expected.tables).sort());
    });

    it.each(Object.keys(expected.tables).sort())(
      "has table %s with every column's type, nullability and default, and no other column",
      (table) => {
        expect(actual.tables[table]).toEqual(expected.tables[table]);
      },
    );

    it("has every primary key, unique constraint and index, and no other", () => {
      expect(actual.indexes).toEqual(expected.indexes);
    });

    it("has every foreign key with its actions, and no other", () => {
      expect(actual.foreignKeys).toEqual(expected.foreignKeys);
    });
  });
});
