import { ConflictError, freePlaces, participantsProblem, ValidationError } from "@slotwise/core";
import { joinWaitlist } from "@slotwise/db";

import { customerDetails } from "../../presenters/booking.ts";
import { findActivity } from "../../services/find-activity.ts";
import { timeslotAt } from "../../services/find-timeslot.ts";
import { shopWriteProcedure } from "../../trpc/procedures.ts";
import { shopJoinWaitlistInput } from "./shop-join-waitlist.schema.ts";
import { operatorNamed } from "./shop-operator.ts";

export const shopJoinWaitlist = shopWriteProcedure.input(shopJoinWaitlistInput).mutation(async ({ ctx, input }) => {
  const operator = await operatorNamed(ctx.db, input.operator);
  const product = await findActivity(ctx, operator.id, input.ActivityID);
  const bounds = participantsProblem(input.Participants, product);
  if (bounds) throw new ValidationError([{ field: "Participants", message: bounds }]);
  const slot = await timeslotAt(ctx, product, input.Date, input.Time);
  if (freePlaces(slot) >= input.Participants && !slot.closed) {
    throw new ConflictError("timeslot-unavailable", "This timeslot still has places: book it instead of waiting", {
      available: freePlaces(slot),
    });
  }
  const entry = await joinWaitlist(ctx.db, {
    operatorId: operator.id,
    timeslotId: slot.id,
    multiBookingId: input.MultiBookingID ?? `mb_${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`,
    customer: customerDetails(input.Customer),
    participants: input.Participants,
    now: ctx.now(),
  });
  return { WaitlistID: entry.id, MultiBookingID: entry.multiBookingId };
});
