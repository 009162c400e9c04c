import { z } from "zod";

import { addDays, calendarDays, nextSalesClose, startOfLocalDay } from "@slotwise/core";

import { calendarDaySchema } from "../../presenters/availability-schema.ts";
import { findActivity } from "../../services/find-activity.ts";
import { cachedTimeslotsBetween } from "../../services/find-timeslot.ts";
import { partnerProcedure } from "../../trpc/procedures.ts";
import { availabilityCalendarInput } from "./availability-calendar.schema.ts";

export const availabilityCalendar = partnerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/ota/{partner}/availability/{ActivityID}/calendar",
      tags: ["Availability"],
      summary: "One item per date: status, vacancies, capacity, price from",
      description:
        "Every date of the range (local to the activity, both ends included, at most 366 days), ascending. Only timeslots still bookable count (open, not past their cut-off): CLOSED has none, SOLD_OUT has no vacancy, LIMITED has vacancies below half their capacity, AVAILABLE the rest. PriceFrom is the lowest unit price.",
    },
    problems: ["invalid-parameter", "not-found", "validation"],
    keepAnswers: true,
  })
  .input(availabilityCalendarInput)
  .output(z.object({ data: z.array(calendarDaySchema) }))
  .query(async ({ ctx, input }) => {
    const product = await findActivity(ctx, ctx.principal.operatorId, input.ActivityID);
    const from = startOfLocalDay(input.StartDate, product.timeZone);
    const to = startOfLocalDay(addDays(input.EndDate, 1), product.timeZone);
    const slots = await cachedTimeslotsBetween(ctx, product.id, from, to);
    const now = ctx.now();
    ctx.response.changesAt = nextSalesClose(slots, product, now, true);
    const prices = product.units.map((unit) => unit.priceAmount);
    const PriceFrom = { Amount: prices.length ? Math.min(...prices) : product.priceAmount, Currency: product.currency };
    return {
      data: calendarDays(slots, product, input.StartDate, input.EndDate, now).map((day) => ({ ...day, PriceFrom })),
    };
  });
