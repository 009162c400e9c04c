import { createHash } from "node:crypto";

import { eachDate, localToInstants, newActivityId, newQuestionId, WEEKDAYS, type UnitType } from "@slotwise/core";

import { hashPassword } from "../auth/password.ts";
import { createScheduleInTx } from "../catalog/schedules.ts";
import type { QuestionType } from "../generated/prisma/client.ts";
import type { Tx } from "../tx.ts";
import type { OperatorSpec } from "./catalog.ts";
import type { SeededRandom } from "./seeded-random.ts";

const DAY = 86_400_000;

export interface SeededCatalog {
  operatorId: number;
  partners: { id: number; slug: string; paymentPrefix: string }[];
  products: SeededProduct[];
}

export interface SeededProduct {
  id: number;
  operatorId: number;
  name: string;
  timeZone: string;
  bookingCutoffMinutes: number;
  priceAmount: number;
  currency: string;
  minParticipants: number;
  maxParticipants: number;
  questions: { id: string; type: string; required: boolean; options: string[] }[];
  units: UnitType[];
}

/**
 * The operator, its console user, partners, and activities with their questions, each with a
 * daily schedule from 90 days ago: the schedule makes the timeslots from today to the horizon,
 * which the worker's daily top-up moves on, so the demo keeps selling however long it runs; the
 * past 90 days' timeslots, which a schedule never makes, are written as rows of that schedule.
 */
export async function seedOperator(
  tx: Tx,
  spec: OperatorSpec,
  anchor: Date,
  random: SeededRandom,
): Promise<SeededCatalog> {
  const longAgo = new Date(anchor.getTime() - 365 * DAY);
  // A salt derived from the seed keeps the demo data byte-for-byte the same on every run.
  const salt = createHash("sha256").update(`${spec.slug}:${spec.user.email}`).digest().subarray(0, 16);
  const operator = await tx.operator.create({
    data: {
      slug: spec.slug,
      name: spec.name,
      timeZone: spec.timeZone,
      createdAt: longAgo,
      users: {
        create: {
          email: spec.user.email,
          name: spec.user.name,
          passwordHash: await hashPassword(spec.user.password, salt),
          createdAt: longAgo,
        },
      },
    },
  });
  const partners = [];
  for (const p of spec.partners) {
    const partner = await tx.partner.create({
      data: { operatorId: operator.id, slug: p.slug, name: p.name, createdAt: longAgo },
    });
    partners.push({ id: partner.id, slug: p.slug, paymentPrefix: p.paymentPrefix });
  }
  const pastDays = eachDate(dateOf(anchor, -90), dateOf(anchor, -1));
  const products: SeededProduct[] = [];
  for (const activity of spec.activities) {
    const product = await tx.product.create({
      data: {
        activityId: newActivityId(random.bytes),
        operatorId: operator.id,
        name: activity.name,
        description: activity.description,
        durationMinutes: activity.durationMinutes,
        timeZone: spec.timeZone,
        location: activity.location,
        priceAmount: activity.price,
        currency: spec.currency,
        minParticipants: activity.minParticipants,
        maxParticipants: activity.maxParticipants,
        bookingCutoffMinutes: activity.cutoffMinutes,
        createdAt: longAgo,
        updatedAt: longAgo,
        // The adult unit comes from the products_adult_unit trigger.
        units: {
          create: (activity.extraUnits ?? []).map((unit, index) => ({
            unitId: unit.id,
            label: unit.label,
            minAge: unit.minAge,
            maxAge: unit.maxAge,
            priceAmount: unit.price,
            position: index + 1,
          })),
        },
        questions: {
          create: activity.questions.map((q, position) => ({
            id: newQuestionId(random.bytes),
            position,
            label: q.label,
            type: q.type.toUpperCase() as QuestionType,
            required: q.required,
            helpText: q.helpText ?? null,
            options: q.options ?? [],
            accept: q.accept ?? [],
            maxFileSizeMb: q.maxFileSizeMb ?? null,
          })),
        },
      },
      include: { questions: { orderBy: { position: "asc" } } },
    });
    const units = await tx.productUnit.findMany({
      where: { productId: product.id },
      orderBy: [{ position: "asc" }, { id: "asc" }],
    });
    const { schedule } = await createScheduleInTx(
      tx,
      product,
      {
        startDate: dateOf(anchor, -90),
        endDate: null,
        weekdays: WEEKDAYS,
        times: activity.times,
        capacity: activity.capacity,
      },
      anchor,
    );
    const pastStarts = pastDays.flatMap((date) =>
      activity.times.flatMap((time) => localToInstants(date, time, spec.timeZone).slice(0, 1)),
    );
    await tx.timeslot.createMany({
      data: pastStarts.map((startsAt) => ({
        productId: product.id,
        scheduleId: schedule.id,
        startsAt,
        capacity: activity.capacity,
        createdAt: longAgo,
        updatedAt: longAgo,
      })),
    });
    products.push({
      ...product,
      questions: product.questions.map((q) => ({
        id: q.id,
        type: q.type.toLowerCase(),
        required: q.required,
        options: q.options,
      })),
      units,
    });
  }
  return { operatorId: operator.id, partners, products };
}

export function dateOf(anchor: Date, offsetDays: number): string {
  return new Date(anchor.getTime() + offsetDays * DAY).toISOString().slice(0, 10);
}
