import { z } from "zod";

import { freePlaces, instantToLocal } from "@slotwise/core";

import { availabilityChangeSchema } from "../../presenters/availability-schema.ts";
import { readAvailabilityFeed } from "../../services/availability-feed.ts";
import { partnerProcedure } from "../../trpc/procedures.ts";
import { availabilityChangesInput, encodeFeedCursor } from "./availability-changes.schema.ts";

export const listAvailabilityChanges = partnerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/ota/{partner}/availability/changes",
      tags: ["Availability"],
      summary: "Changes of availability since a cursor",
      description:
        "Every change of free places, capacity or closed state of the timeslots of the activities this partner may sell, in commit order, at most 1,000 per answer. Follow `next`: every change is seen exactly once, in order. Without a cursor: no changes and a cursor that starts now. Changes are kept 7 days; an older cursor is 410 cursor-expired (resynchronise with the calendar).",
    },
    problems: ["validation", "cursor-expired"],
  })
  .input(availabilityChangesInput)
  .output(z.object({ data: z.array(availabilityChangeSchema), next: z.string() }))
  .query(async ({ ctx, input }) => {
    const feed = { operatorId: ctx.principal.operatorId, partnerId: ctx.principal.partner.id };
    const { changes, next } = await readAvailabilityFeed(ctx.db, feed, input.cursor, ctx.now());
    ctx.response.headers["Cache-Control"] = "no-store";
    return {
      data: changes.map((change) => {
        const local = instantToLocal(change.startsAt, change.timeZone);
        return {
          Sequence: change.sequence,
          ActivityID: change.activityId,
          Date: local.date,
          Time: local.time,
          Available: freePlaces(change),
          Capacity: change.capacity,
          Closed: change.closed,
        };
      }),
      next: encodeFeedCursor(next),
    };
  });
