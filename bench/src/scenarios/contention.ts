import { Agent, request } from "undici";

import { instantToLocal } from "@slotwise/core";
import type { ApiProcess } from "@slotwise/testing/processes";

import { envChoice } from "../env-choice.ts";
import { oneShotPoster } from "../one-shot-post.ts";
import type { BenchStack } from "../stack.ts";

export interface ContentionResult {
  attempts: number;
  contention_sold: number;
  refused: number;
  other: Record<string, number>;
  contention_ms: number;
  places_taken: number;
  confirmed_in_db: number;
}

/** The rush's HTTP client (CONTENTION_CLIENT). */
export const CONTENTION_CLIENT = envChoice("CONTENTION_CLIENT", ["one-shot", "undici", "fetch"], "one-shot");

/**
 * Sends one POST and reads its answer, each on a new connection, all at once. The load generator
 * shares the two cores with the API and PostgreSQL, so its own CPU stretches the figure; the
 * one-shot client (one-shot-post.ts) spends the least CPU per request of the three clients
 * (`pnpm --filter @slotwise/bench rush-probe` compares them). CONTENTION_CLIENT=undici or =fetch
 * measures with those instead.
 */
export function rushPoster(attempts: number) {
  switch (CONTENTION_CLIENT) {
    case "one-shot":
      return oneShotPoster();
    case "fetch":
      return {
        post: async (url: string, headers: Record<string, string>, body: string) => {
          const response = await fetch(url, { method: "POST", headers, body });
          await response.arrayBuffer();
          return response.status;
        },
        close: () => Promise.resolve(),
      };
    case "undici": {
      const dispatcher = new Agent({ connections: attempts });
      return {
        post: async (url: string, headers: Record<string, string>, body: string) => {
          const response = await request(url, { method: "POST", headers, body, dispatcher });
          await response.body.arrayBuffer();
          return response.statusCode;
        },
        close: () => dispatcher.close(),
      };
    }
  }
}

/** The body of rush attempt `i` on one timeslot: one place, a customer of its own. */
export function rushBody(activityId: string, local: { date: string; time: string }, i: number): string {
  return JSON.stringify({
    ActivityID: activityId,
    Date: local.date,
    Time: local.time,
    Participants: 1,
    Customer: { FirstName: "Rush", LastName: `Hour${i}`, Email: `rush${i}@example.com`, Phone: "+351912345678" },
  });
}

/** Rush `nth` of a run: `attempts` booking attempts at once on a new timeslot of capacity 20, spread over `apis`. */
async function rush(stack: BenchStack, apis: ApiProcess[], attempts: number, nth: number): Promise<ContentionResult> {
  const product = await stack.db.product.findFirstOrThrow({
    where: { operatorId: stack.operatorId, active: true, maxParticipants: { gte: 1 } },
    orderBy: { id: "asc" },
  });
  const startsAt = new Date(
    // Off the hour, where the seed puts none, and a different minute for each rush of the run.
    Math.ceil((Date.now() + 40 * 86_400_000) / 3_600_000) * 3_600_000 + (7 + 11 * nth) * 60_000,
  );
  const slot = await stack.db.timeslot.create({ data: { productId: product.id, startsAt, capacity: 20 } });
  const local = instantToLocal(startsAt, product.timeZone);
  const statuses: Record<string, number> = {};
  const { post, close } = rushPoster(attempts);
  const started = performance.now();
  const sent = Promise.all(
    Array.from({ length: attempts }, async (_, i) => {
      const api = apis[i % apis.length];
      const status = await post(
        `${api?.base ?? ""}/api/v2/ota/acme-travel/booking`,
        { authorization: `Bearer ${stack.keys.ota}`, "content-type": "application/json" },
        rushBody(product.activityId, local, i),
      );
      statuses[status] = (statuses[status] ?? 0) + 1;
    }),
  );
  let contentionMs: number;
  try {
    await sent;
    contentionMs = performance.now() - started;
  } finally {
    await close();
  }
  const after = await stack.db.timeslot.findUniqueOrThrow({ where: { id: slot.id } });
  const confirmed = await stack.db.booking.aggregate({
    where: { timeslotId: slot.id, status: "CONFIRMED" },
    _sum: { participants: true },
  });
  const { 201: sold = 0, 409: refused = 0, ...other } = statuses;
  return {
    attempts,
    contention_sold: sold,
    refused,
    other,
    contention_ms: contentionMs,
    places_taken: after.placesTaken,
    confirmed_in_db: confirmed._sum.participants ?? 0,
  };
}

/**
 * Rushes of 300 before the measured one, so that each process has very likely sold and refused
 * bookings before (a process is sent 100 of each rush's attempts). `rush-probe` warms up alike.
 */
export const WARM_UP_RUSHES = 2;

/**
 * 1,000 booking attempts at once on one timeslot of capacity 20, spread over three API
 * processes in their steady state. A process that has never refused a booking compiles that
 * path during the rush, several times slower than once it has been through a few rushes: that
 * is a process's first minute in production, not a sell-out. So unmeasured rushes of 300 come
 * first, each on its own timeslot.
 */
export async function contention(
  stack: BenchStack,
  apis: ApiProcess[],
  beforeMeasured: () => Promise<void>,
  attempts = 1000,
): Promise<ContentionResult> {
  for (let i = 0; i < WARM_UP_RUSHES; i++) await rush(stack, apis, 300, i);
  await beforeMeasured();
  return rush(stack, apis, attempts, WARM_UP_RUSHES);
}
