import pg from "pg";

import { saleStatement } from "@slotwise/db";

import { latencyByStatus } from "../load.ts";
import type { BenchStack } from "../stack.ts";
import { BOOKING_CONNECTIONS, identityOf, phaseTag, type CatalogueSlot, type SalesPhase } from "./booking.ts";

/** The API process's pool (apps/api/src/main.ts): the baseline books through one of the same size. */
export const API_POOL_SIZE = 20;

/**
 * The best a plain `pg` client does for the API's work: `BOOKING_CONNECTIONS` workers at once,
 * as many as the API's HTTP connections, each sending the very statement the API sends for a
 * sale (packages/db `saleStatement`: the conditional UPDATE, the booking, its history and its
 * e-mails in one statement), prepared once per connection, through a pool the size of the
 * API's, on a random catalogue timeslot. No HTTP, no validation, no lookup: what remains of
 * a booking's time is the database's and the driver's, so `booking_db_ratio` prices what the
 * API adds and nothing else.
 */
export async function bookingBaseline(stack: BenchStack, slots: CatalogueSlot[], seconds: number): Promise<SalesPhase> {
  const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: API_POOL_SIZE });
  const [partner] = await stack.db.$queryRaw<{ id: number }[]>`
    SELECT id FROM partners WHERE operator_id = ${stack.operatorId} AND slug = 'acme-travel'`;
  const tag = phaseTag("pg");
  const acknowledged: string[] = [];
  const answers: [number, number][] = [];
  let n = 0;
  const cpuBefore = process.cpuUsage();
  const until = performance.now() + seconds * 1000;
  const one = async () => {
    const slot = slots[Math.floor(Math.random() * slots.length)] ?? slots[0];
    if (!slot) throw new Error("no catalogue");
    const i = ++n;
    const price = slot.product.priceAmount;
    const statement = saleStatement({
      product: slot.product,
      timeslotId: slot.id,
      startsAt: slot.startsAt,
      priced: {
        participants: 1,
        units: [{ UnitID: "adult", Label: "Adult", Quantity: 1, Price: price }],
        totalAmount: price,
      },
      customer: {
        firstName: "Bench",
        lastName: `Customer${i}`,
        email: `bench${i}@example.com`,
        phone: "+351912345678",
      },
      source: "PARTNER",
      partnerId: partner?.id ?? null,
      paymentReference: `${tag}-${i}`,
      answers: [],
      waiverStatus: "complete",
      actor: "partner:acme-travel",
      now: new Date(),
    });
    const started = performance.now();
    const { rows } = await pool.query<{ reference: string }>({
      name: "bench_sale",
      text: statement.text,
      values: statement.values,
    });
    const ms = performance.now() - started;
    const reference = rows[0]?.reference;
    if (reference) acknowledged.push(reference);
    answers.push([reference ? 201 : 409, ms]);
  };
  await Promise.all(
    Array.from({ length: BOOKING_CONNECTIONS }, async () => {
      while (performance.now() < until) await one();
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  await pool.end();
  const byStatus = latencyByStatus(answers);
  return {
    tag,
    sold: acknowledged.length,
    sold_per_s: acknowledged.length / seconds,
    refused: byStatus["4xx"]?.count ?? 0,
    refusedBy: byStatus["4xx"] ? { 409: byStatus["4xx"].count } : {},
    // Every statement is awaited before the phase ends: none can be stored unanswered.
    identity: await identityOf(stack, tag, acknowledged, 0),
    sale_p50_ms: byStatus["2xx"]?.p50 ?? Number.NaN,
    sale_p99_ms: byStatus["2xx"]?.p99 ?? Number.NaN,
    refusal_p99_ms: byStatus["4xx"]?.p99 ?? null,
    cpu_ms_per_sale: (cpu.user + cpu.system) / 1000 / Math.max(1, acknowledged.length),
  };
}
