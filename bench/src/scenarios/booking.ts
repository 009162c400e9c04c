import { randomUUID } from "node:crypto";

import { instantToLocal } from "@slotwise/core";
import type { ApiProcess } from "@slotwise/testing/processes";

import { cpuMs } from "../cpu.ts";
import { load, type LoadResult } from "../load.ts";
import type { BenchStack } from "../stack.ts";
import { matchByIdentity, type IdentityMatch } from "../verdict.ts";

/** HTTP connections booking at once, and the plain-`pg` workers of the baseline. */
export const BOOKING_CONNECTIONS = 50;
/**
 * Free places every bench timeslot gets before each booking phase: far more than a phase can
 * sell on one timeslot, so that no attempt of either side ever meets a full one and both sides
 * start from the same catalogue.
 */
export const PLACES_PER_PHASE = 100_000;

/** A timeslot the bench books into, as the API and the baseline each address it. */
export interface CatalogueSlot {
  id: number;
  startsAt: Date;
  activityId: string;
  date: string;
  time: string;
  product: {
    id: number;
    operatorId: number;
    name: string;
    timeZone: string;
    currency: string;
    bookingCutoffMinutes: number;
    priceAmount: number;
  };
}

/** A day in milliseconds. */
const DAY_MS = 86_400_000;

/** The demo operator's open timeslots 2 to 60 days ahead: the catalogue of every booking phase. */
export async function bookingCatalogue(stack: BenchStack): Promise<CatalogueSlot[]> {
  const slots = await stack.db.timeslot.findMany({
    where: {
      closed: false,
      // 2 to 60 days ahead, whatever the demo seed's horizon: the phase books the catalogue it always has.
      startsAt: { gt: new Date(Date.now() + 2 * DAY_MS), lte: new Date(Date.now() + 60 * DAY_MS) },
      // One place per booking: only products that sell a single place.
      product: { operatorId: stack.operatorId, active: true, minParticipants: { lte: 1 }, maxParticipants: { gte: 1 } },
    },
    include: { product: true },
    orderBy: { id: "asc" },
  });
  if (slots.length === 0) throw new Error("no open timeslots to book");
  return slots.map((s) => ({
    id: s.id,
    startsAt: s.startsAt,
    activityId: s.product.activityId,
    ...instantToLocal(s.startsAt, s.product.timeZone),
    product: {
      id: s.product.id,
      operatorId: s.product.operatorId,
      name: s.product.name,
      timeZone: s.product.timeZone,
      currency: s.product.currency,
      bookingCutoffMinutes: s.product.bookingCutoffMinutes,
      priceAmount: s.product.priceAmount,
    },
  }));
}

/** Gives every catalogue timeslot the same free places, whatever the phases before it sold. */
export async function resetPlaces(stack: BenchStack, slots: CatalogueSlot[]): Promise<void> {
  await stack.db.$executeRaw`
    UPDATE timeslots SET capacity = places_taken + ${PLACES_PER_PHASE}
     WHERE id = ANY(${slots.map((s) => s.id)}::int[])`;
}

/** What the database holds of one phase's sales, by the tag each request's PaymentReference carries. */
export interface StoredSales {
  /** References of the bookings stored with this phase's tag. */
  references: string[];
  /** PaymentReferences stored more than once: one request sold twice. */
  duplicatedRequests: number;
}

export async function storedSales(stack: BenchStack, tag: string): Promise<StoredSales> {
  const rows = await stack.db.$queryRaw<{ reference: string; payment_reference: string }[]>`
    SELECT reference, payment_reference FROM bookings WHERE payment_reference LIKE ${`${tag}-%`}`;
  const requests = new Set(rows.map((r) => r.payment_reference));
  return { references: rows.map((r) => r.reference), duplicatedRequests: rows.length - requests.size };
}

/** One side's acknowledged references against its stored bookings; `inFlight` requests may be stored unanswered. */
export async function identityOf(
  stack: BenchStack,
  tag: string,
  acknowledged: string[],
  inFlight: number,
): Promise<IdentityMatch> {
  const stored = await storedSales(stack, tag);
  return matchByIdentity(acknowledged, stored.references, inFlight, stored.duplicatedRequests);
}

/** Timeslots anywhere in the database holding more than their capacity (the CHECK constraint should make it 0). */
export async function overCapacity(stack: BenchStack): Promise<number> {
  const [row] = await stack.db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM timeslots t
     WHERE t.places_taken > t.capacity
        OR (SELECT coalesce(sum(b.participants), 0) FROM bookings b
             WHERE b.timeslot_id = t.id AND b.status IN ('CONFIRMED', 'ON_HOLD')) > t.capacity`;
  return row?.n ?? 0;
}

/** One side's booking phase: what it was told, and what it sold. */
export interface SalesPhase {
  /** The tag of this phase's PaymentReferences. */
  tag: string;
  /** Sales per second (201s, or committed statements for the baseline). */
  sold_per_s: number;
  sold: number;
  refused: number;
  /** Answers other than 201, by status: what refused them. */
  refusedBy: Record<string, number>;
  /** The references the side was told are sold, against the bookings stored with its tag. */
  identity: IdentityMatch;
  /** Latency percentiles of successful sales only, and of refusals. */
  sale_p50_ms: number;
  sale_p99_ms: number;
  refusal_p99_ms: number | null;
  /** CPU of the side's own process per sale: the API process, or the baseline's client. */
  cpu_ms_per_sale: number;
}

/** Request bodies booking one place on a random catalogue timeslot, each with a PaymentReference `${tag}-n`. */
export function bookingBodies(slots: CatalogueSlot[], tag: string): () => string {
  let n = 0;
  return () => {
    const t = slots[Math.floor(Math.random() * slots.length)] ?? slots[0];
    n++;
    return JSON.stringify({
      ActivityID: t?.activityId,
      Date: t?.date,
      Time: t?.time,
      Participants: 1,
      Customer: {
        FirstName: "Bench",
        LastName: `Customer${n}`,
        Email: `bench${n}@example.com`,
        Phone: "+351912345678",
      },
      PaymentReference: `${tag}-${n}`,
    });
  };
}

export const phaseTag = (side: string) => `B${side}${randomUUID().slice(0, 8)}`;

/** The API's side: POST booking, one place at a time, each request on a random catalogue timeslot. */
export async function apiBookings(
  stack: BenchStack,
  api: ApiProcess,
  slots: CatalogueSlot[],
  seconds: number,
): Promise<SalesPhase & { load: LoadResult }> {
  const tag = phaseTag("api");
  const acknowledged: string[] = [];
  const refusedBy: Record<string, number> = {};
  const pid = api.child.pid ?? 0;
  const cpuBefore = await cpuMs(pid);
  const result = await load({
    url: `${api.base}/api/v2/ota/acme-travel/booking`,
    method: "POST",
    headers: { authorization: `Bearer ${stack.keys.ota}` },
    body: bookingBodies(slots, tag),
    connections: BOOKING_CONNECTIONS,
    seconds,
    onAnswer: (status, body) => {
      if (status !== 201) {
        refusedBy[status] = (refusedBy[status] ?? 0) + 1;
        return;
      }
      const reference = (JSON.parse(body) as { data?: { Reference?: string } }).data?.Reference;
      if (reference) acknowledged.push(reference);
    },
  });
  const cpu = (await cpuMs(pid)) - cpuBefore;
  const sales = result.latencyByStatus?.["2xx"];
  const refusals = result.latencyByStatus?.["4xx"];
  return {
    tag,
    load: result,
    sold: acknowledged.length,
    sold_per_s: acknowledged.length / seconds,
    refused: result.statuses["4xx"] ?? 0,
    refusedBy,
    identity: await identityOf(stack, tag, acknowledged, BOOKING_CONNECTIONS),
    sale_p50_ms: sales?.p50 ?? Number.NaN,
    sale_p99_ms: sales?.p99 ?? Number.NaN,
    refusal_p99_ms: refusals?.p99 ?? null,
    cpu_ms_per_sale: cpu / Math.max(1, acknowledged.length),
  };
}

/** One pair: the API's phase, then the baseline's, each on a catalogue reset to the same free places. */
export interface BookingRound {
  api: SalesPhase & { load: LoadResult };
  baseline: SalesPhase;
  ratio: number;
}
