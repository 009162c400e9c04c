import { randomUUID } from "node:crypto";

import { todayIn } from "@slotwise/core";
import { addOneOffTimeslot, createOperatorActivity } from "@slotwise/db";
import type { Client } from "@slotwise/db/testing";
import { earlyMorningZone } from "@slotwise/testing/early-morning-zone";

/** The local time of day a today's timeslot starts at. */
const START = "23:30";

/**
 * A timeslot today in its activity's zone: a new activity of the operator with the units of one
 * of its activities (`like`, by name; the river cruise unless given), in an early-morning zone,
 * with one timeslot at 23:30 local today. Shaped as `openSlot` answers, for `bookingBody`.
 */
export async function todaySlot(db: Client, options: { like?: string; operator?: string; capacity?: number } = {}) {
  const now = new Date();
  const timeZone = earlyMorningZone(now);
  const operator = await db.operator.findUniqueOrThrow({ where: { slug: options.operator ?? "demo" } });
  const model = await db.product.findFirstOrThrow({
    where: { operatorId: operator.id, name: options.like ?? "Age of Discovery River Cruise" },
    include: { units: { where: { retiredAt: null }, orderBy: [{ position: "asc" }, { id: "asc" }] } },
  });
  const activity = await createOperatorActivity(
    db,
    operator.id,
    {
      name: `${model.name} today ${randomUUID().slice(0, 8)}`,
      description: model.description,
      durationMinutes: model.durationMinutes,
      timeZone,
      location: model.location,
      currency: model.currency,
      bookingCutoffMinutes: 0,
      maxParticipants: model.maxParticipants,
      units: model.units.map((u) => ({
        unitId: u.unitId,
        label: u.label,
        minAge: u.minAge,
        maxAge: u.maxAge,
        priceAmount: u.priceAmount,
      })),
      questions: [],
      partners: "all",
      cancellationPolicy: null,
      active: true,
    },
    now,
  );
  const date = todayIn(timeZone, now);
  const added = await addOneOffTimeslot(db, activity, { date, time: START, capacity: options.capacity ?? 20 }, now);
  if (!added) throw new Error(`${START} does not exist on ${date} in ${timeZone}`);
  const slot = await db.timeslot.findUniqueOrThrow({
    where: { id: added.id },
    include: { product: { include: { questions: { orderBy: { position: "asc" } } } } },
  });
  return { slot, product: slot.product, date, time: START };
}
