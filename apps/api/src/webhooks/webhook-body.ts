import { freePlaces, instantToLocal } from "@slotwise/core";
import { bookingSnapshot, timeslotSnapshot, type WebhookEvent } from "@slotwise/db";

import { presentBooking } from "../presenters/booking.ts";

/** The availability a partner is told of: free places even when closed (`Closed` says it cannot be booked). */
function presentTimeslot(data: unknown) {
  const slot = timeslotSnapshot(data);
  const local = instantToLocal(slot.startsAt, slot.timeZone);
  return {
    ActivityID: slot.activityId,
    Date: local.date,
    Time: local.time,
    Available: freePlaces(slot),
    Capacity: slot.capacity,
    Closed: slot.closed,
    ...(slot.sequence === undefined ? {} : { Sequence: slot.sequence }),
  };
}

/**
 * The body every attempt of an event sends, byte for byte: built from the state the event
 * recorded (the booking as GET returned it at that moment), not from the state at sending.
 */
export function webhookBody(event: Pick<WebhookEvent, "publicId" | "type" | "createdAt" | "data">): string {
  let data: unknown;
  if (event.type === "availability.changed") {
    data = presentTimeslot(event.data);
  } else {
    const { booking, product, checkedIn } = bookingSnapshot(event.data);
    data = presentBooking(booking, product, event.createdAt, undefined, checkedIn);
  }
  return JSON.stringify({
    ID: event.publicId,
    Type: event.type,
    Created: Math.floor(event.createdAt.getTime() / 1000),
    Data: data,
  });
}
