import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import pg from "pg";
import { describe, expect, it } from "vitest";

import { readMigrations, runMigrations } from "../src/migrate/run-migrations.ts";
import { migrationsDir } from "../src/paths.ts";
import { useTestDatabase } from "../src/testing/use-test-database.ts";

const { url } = await useTestDatabase({ content: "empty" });
const UNITS = "20261123120000_unit_types";

describe("bookings made before unit types", () => {
  it("keep what their order charged, and partner bookings take the product's price; every product gets its adult unit", async () => {
    const before = await mkdtemp(join(tmpdir(), "slotwise-migrations-"));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const { name } of (await readMigrations()).filter((m) => m.name < UNITS))
        await cp(join(migrationsDir, name), join(before, name), { recursive: true });
      await runMigrations(url, before);
      await client.query(`
        INSERT INTO operators (id, slug, name, time_zone) VALUES (1, 'old', 'Old', 'Europe/Lisbon');
        INSERT INTO products (id, activity_id, operator_id, name, duration_minutes, time_zone, price_amount, currency, max_participants, updated_at)
          VALUES (1, 's_oldproduct1', 1, 'Old tour', 60, 'Europe/Lisbon', 4500, 'EUR', 8, now());
        INSERT INTO timeslots (id, product_id, starts_at, capacity, places_taken, updated_at)
          VALUES (1, 1, '2026-12-01T10:00:00Z', 10, 5, now());
        INSERT INTO partners (id, operator_id, slug, name) VALUES (1, 1, 'acme', 'Acme');
        INSERT INTO orders (id, operator_id, channel, paid, paid_at, total_amount, currency) VALUES (1, 1, 'ONLINE', true, now(), 8000, 'EUR');
        INSERT INTO bookings (reference, operator_id, product_id, timeslot_id, starts_at, source, order_id, partner_id, participants,
                              customer_first_name, customer_last_name, customer_email, customer_phone, waiver_status, updated_at)
          VALUES ('BK-PAIDORDR', 1, 1, 1, '2026-12-01T10:00:00Z', 'ONLINE', 1, NULL, 2, 'Ana', 'Silva', 'a@example.com', '+351912345678', 'COMPLETE', now()),
                 ('BK-PARTNERX', 1, 1, 1, '2026-12-01T10:00:00Z', 'PARTNER', NULL, 1, 3, 'Rui', 'Costa', 'r@example.com', '+351912345678', 'COMPLETE', now());`);

      expect(await runMigrations(url)).toContain(UNITS);
      const bookings = await client.query<{
        reference: string;
        units: unknown;
        total_amount: number;
        currency: string;
      }>(`SELECT reference, units, total_amount, currency FROM bookings ORDER BY reference`);
      expect(bookings.rows).toEqual([
        {
          reference: "BK-PAIDORDR",
          units: [{ UnitID: "adult", Label: "Adult", Quantity: 2, Price: 4000 }],
          total_amount: 8000,
          currency: "EUR",
        },
        {
          reference: "BK-PARTNERX",
          units: [{ UnitID: "adult", Label: "Adult", Quantity: 3, Price: 4500 }],
          total_amount: 13500,
          currency: "EUR",
        },
      ]);
      const units = await client.query(`SELECT unit_id, price_amount FROM product_units WHERE product_id = 1`);
      expect(units.rows).toEqual([{ unit_id: "adult", price_amount: 4500 }]);
    } finally {
      await client.end();
      await rm(before, { recursive: true, force: true });
    }
  });
});
