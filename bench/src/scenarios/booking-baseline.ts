import pg from "pg";

import { percentile } from "../percentile.ts";
import type { BenchStack } from "../stack.ts";

export interface BookingBaselineResult {
  committed: number;
  refused: number;
  tps: number;
  p99: number;
}

interface Slot {
  id: number;
  product_id: number;
  operator_id: number;
  partner_id: number;
  currency: string;
  price_amount: number;
}

/**
 * What PostgreSQL itself allows on this machine for a booking's writes: `connections` plain `pg`
 * clients, each running one transaction after another with the statements a booking makes (the
 * conditional capacity update, the booking row, its history row, its confirmation and reminder
 * e-mails), durably, on random open timeslots. No HTTP, no validation, no ORM: the ceiling a
 * booking through the API is measured against (`booking_db_ratio`).
 */
export async function bookingBaseline(
  stack: BenchStack,
  connections: number,
  seconds: number,
): Promise<BookingBaselineResult> {
  const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: connections });
  const { rows: slots } = await pool.query<Slot>(
    `SELECT t.id, t.product_id, p.operator_id, pa.id AS partner_id, p.currency, p.price_amount
       FROM timeslots t JOIN products p ON p.id = t.product_id JOIN operators o ON o.id = p.operator_id
       JOIN partners pa ON pa.operator_id = o.id AND pa.slug = 'acme-travel'
      WHERE o.slug = 'demo' AND p.active AND NOT t.closed AND t.starts_at > now() + interval '2 days'`,
  );
  const latencies: number[] = [];
  let refused = 0;
  let n = 0;
  const until = performance.now() + seconds * 1000;
  const one = async (client: pg.PoolClient) => {
    const slot = slots[Math.floor(Math.random() * slots.length)];
    if (!slot) throw new Error("no open timeslots to book");
    const i = n++;
    const reference = `BB${String(i).padStart(8, "0")}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
    const started = performance.now();
    await client.query("BEGIN");
    const taken = await client.query<{ starts_at: Date }>(
      `UPDATE timeslots SET places_taken = places_taken + 1, updated_at = now()
        WHERE id = $1 AND NOT closed AND starts_at > now() AND places_taken + 1 <= capacity RETURNING starts_at`,
      [slot.id],
    );
    const startsAt = taken.rows[0]?.starts_at;
    if (!startsAt) {
      await client.query("ROLLBACK");
      refused++;
      return;
    }
    const booking = await client.query<{ id: number }>(
      `INSERT INTO bookings (reference, operator_id, product_id, timeslot_id, starts_at, source, partner_id, payment_reference,
                             participants, units, total_amount, currency, customer_first_name, customer_last_name,
                             customer_email, customer_phone, status, waiver_status, answers)
       VALUES ($1, $2, $3, $4, $5, 'PARTNER', $12, $6, 1, $7, $8, $9, 'Bench', $10, $11, '+351912345678', 'CONFIRMED', 'COMPLETE', '[]')
       RETURNING id`,
      [
        reference,
        slot.operator_id,
        slot.product_id,
        slot.id,
        startsAt,
        `BENCH-${i}`,
        JSON.stringify([{ UnitID: "adult", Label: "Adult", Quantity: 1, Price: slot.price_amount }]),
        slot.price_amount,
        slot.currency,
        `Customer${i}`,
        `bench${i}@example.com`,
        slot.partner_id,
      ],
    );
    const bookingId = booking.rows[0]?.id;
    await client.query(
      `INSERT INTO booking_events (booking_id, type, actor, detail) VALUES ($1, 'created', 'partner:acme-travel', $2)`,
      [bookingId, JSON.stringify({ participants: 1, source: "PARTNER" })],
    );
    await client.query(
      `INSERT INTO outbox_emails (operator_id, kind, dedupe_key, to_address, subject, text_body, booking_id, send_after)
       VALUES ($1, 'BOOKING_CONFIRMATION', $2, $4, 'Your booking ' || $5, 'Dear Bench, your booking is confirmed.', $3, now()),
              ($1, 'BOOKING_REMINDER', $6, $4, 'Reminder: ' || $5, 'Dear Bench, see you soon.', $3, $7::timestamptz - interval '24 hours')`,
      [
        slot.operator_id,
        `confirmation:${reference}`,
        bookingId,
        `bench${i}@example.com`,
        reference,
        `reminder:${reference}:${startsAt.toISOString()}`,
        startsAt,
      ],
    );
    await client.query("COMMIT");
    latencies.push(performance.now() - started);
  };
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = await pool.connect();
      try {
        while (performance.now() < until) await one(client);
      } finally {
        client.release();
      }
    }),
  );
  await pool.end();
  latencies.sort((a, b) => a - b);
  return { committed: latencies.length, refused, tps: latencies.length / seconds, p99: percentile(latencies, 99) };
}
