import { instantToLocal } from "@slotwise/core";
import type { ApiProcess } from "@slotwise/testing/processes";

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

/** 1,000 booking attempts at once on one timeslot of capacity 20, spread over three API processes. */
export async function contention(stack: BenchStack, apis: ApiProcess[], attempts = 1000): Promise<ContentionResult> {
  const product = await stack.db.product.findFirstOrThrow({
    where: { operatorId: stack.operatorId, active: true, maxParticipants: { gte: 1 } },
    orderBy: { id: "asc" },
  });
  const startsAt = new Date(
    Math.ceil((Date.now() + 40 * 86_400_000) / 3_600_000) * 3_600_000 + Math.floor(Math.random() * 50 + 1) * 60_000,
  );
  const slot = await stack.db.timeslot.create({ data: { productId: product.id, startsAt, capacity: 20 } });
  const local = instantToLocal(startsAt, product.timeZone);
  const statuses: Record<string, number> = {};
  const started = performance.now();
  await Promise.all(
    Array.from({ length: attempts }, async (_, i) => {
      const api = apis[i % apis.length];
      const response = await fetch(`${api?.base ?? ""}/api/v2/ota/acme-travel/booking`, {
        method: "POST",
        headers: { authorization: `Bearer ${stack.keys.ota}`, "content-type": "application/json" },
        body: JSON.stringify({
          ActivityID: product.activityId,
          Date: local.date,
          Time: local.time,
          Participants: 1,
          Customer: { FirstName: "Rush", LastName: `Hour${i}`, Email: `rush${i}@example.com`, Phone: "+351912345678" },
        }),
      });
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }),
  );
  const contentionMs = performance.now() - started;
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
