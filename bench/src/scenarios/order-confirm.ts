import { addDays, todayIn } from "@slotwise/core";
import type { ApiProcess } from "@slotwise/testing/processes";

import { call, concurrently } from "../http-call.ts";
import { percentile } from "../percentile.ts";
import type { BenchStack } from "../stack.ts";
import { createActivity, createSchedule } from "./catalogue-client.ts";

/** Partners' clients holding and confirming at once. */
export const ORDER_CLIENTS = 8;
const ITEMS = 3;
const CUSTOMER = { FirstName: "Order", LastName: "Bench", Email: "order@example.com", Phone: "+351912345678" };

/** One side of a pair: `cycles` holds, each confirmed; latencies of the confirmations only. */
export interface ConfirmSide {
  cycles: number;
  p50: number;
  p95: number;
  /** Holds not answered 201 and confirmations not answered 200, by status. */
  failures: Record<string, number>;
  /** Bookings the confirmations answered as confirmed, by reference. */
  references: string[];
}

export interface ConfirmRound {
  single: ConfirmSide;
  order: ConfirmSide;
  /** order p95 ÷ single p95. */
  ratio: number;
}

export interface OrderConfirmResult {
  clients: number;
  items: number;
  rounds: ConfirmRound[];
  /** Confirmed references against the bookings the database holds confirmed among them. */
  stored: { confirmed: number; inDatabase: number };
}

type Slot = { ActivityID: string; Date: string; Time: string; Participants: number };

async function side(
  api: string,
  ota: Record<string, string>,
  cycles: number,
  hold: () => Promise<{ status: number; id: string | null }>,
  confirmPath: (id: string) => string,
): Promise<ConfirmSide> {
  const failures: Record<string, number> = {};
  const fail = (what: string, status: number) => {
    failures[`${what} ${status}`] = (failures[`${what} ${status}`] ?? 0) + 1;
  };
  const references: string[] = [];
  const times = (
    await concurrently(
      Array.from({ length: cycles }, (_, i) => i),
      ORDER_CLIENTS,
      async () => {
        const held = await hold();
        if (held.status !== 201 || !held.id) {
          fail("hold", held.status);
          return [];
        }
        const confirmed = await call(`${api}${confirmPath(held.id)}`, { headers: ota, json: { Customer: CUSTOMER } });
        if (confirmed.status !== 200) {
          fail("confirm", confirmed.status);
          return [];
        }
        const data = (confirmed.body as { data: { Reference?: string; Bookings?: { Reference: string }[] } }).data;
        references.push(
          ...(data.Bookings ? data.Bookings.map((b) => b.Reference) : data.Reference ? [data.Reference] : []),
        );
        return [confirmed.ms];
      },
    )
  )
    .flat()
    .sort((a, b) => a - b);
  return { cycles, p50: percentile(times, 50), p95: percentile(times, 95), failures, references };
}

/**
 * An order of 3 items (3 activities created over REST) held then confirmed, against a single
 * booking held then confirmed, `ORDER_CLIENTS` clients at once; `pairs` alternating pairs
 * (single, then order) of `cycles` confirmations each, after one unmeasured pair.
 */
export async function orderConfirm(
  stack: BenchStack,
  api: ApiProcess,
  pairs: number,
  cycles: number,
): Promise<OrderConfirmResult> {
  const tomorrow = addDays(todayIn("UTC", new Date()), 1);
  const date = addDays(tomorrow, 3);
  const slots: Slot[] = [];
  for (let i = 0; i < ITEMS; i++) {
    const id = await createActivity(api.base, stack.keys.catalog, { name: `Order Stop ${i + 1}`, timeZone: "UTC" });
    await createSchedule(api.base, stack.keys.catalog, id, {
      startDate: tomorrow,
      endDate: addDays(tomorrow, 6),
      times: ["10:00"],
      capacity: 10_000,
    });
    slots.push({ ActivityID: id, Date: date, Time: "10:00", Participants: 1 });
  }
  const ota = { authorization: `Bearer ${stack.keys.ota}` };
  const partner = `${api.base}/api/v2/ota/acme-travel`;
  const single = (n: number) =>
    side(
      api.base,
      ota,
      n,
      async () => {
        const { status, body } = await call(`${partner}/booking`, {
          headers: ota,
          json: { ...slots[0], HoldMinutes: 15 },
        });
        return { status, id: (body as { data?: { Reference?: string } } | null)?.data?.Reference ?? null };
      },
      (reference) => `/api/v2/ota/acme-travel/booking/${reference}/confirm`,
    );
  const order = (n: number) =>
    side(
      api.base,
      ota,
      n,
      async () => {
        const { status, body } = await call(`${partner}/orders`, {
          headers: ota,
          json: { Items: slots, HoldMinutes: 15 },
        });
        return { status, id: (body as { data?: { OrderID?: string } } | null)?.data?.OrderID ?? null };
      },
      (orderId) => `/api/v2/ota/acme-travel/orders/${orderId}/confirm`,
    );
  const warm = Math.min(cycles, 40);
  const confirmed: string[] = [...(await single(warm)).references, ...(await order(warm)).references];
  const rounds: ConfirmRound[] = [];
  for (let pair = 0; pair < pairs; pair++) {
    const s = await single(cycles);
    const o = await order(cycles);
    confirmed.push(...s.references, ...o.references);
    rounds.push({ single: s, order: o, ratio: o.p95 / s.p95 });
  }
  const [row] = await stack.db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM bookings WHERE reference = ANY(${confirmed}::text[]) AND status = 'CONFIRMED'`;
  return {
    clients: ORDER_CLIENTS,
    items: ITEMS,
    rounds,
    stored: { confirmed: confirmed.length, inDatabase: row?.n ?? 0 },
  };
}
