import { ConflictError, dayBounds, effectiveStatus, instantToLocal, NotFoundError } from "@slotwise/core";
import { checkInTicket, scannedTicket, type Database } from "@slotwise/db";

import type { Guards } from "../limits/guards.ts";

interface CheckInContext {
  db: Database;
  guards: Guards;
  clientAddress: string;
  now: () => Date;
}

/**
 * Checks in the person of one ticket of this operator, by its code, as a scanner at the
 * meeting point or the console's manifest does: void and other-day tickets are refused, an
 * unknown code is not-found whoever issued it. A first scan is one read and one write
 * statement; a repeat scan is the read alone.
 */
export async function checkInByCode(ctx: CheckInContext, operatorId: number, code: string) {
  // A code is a secret: guessing them is limited as guessing keys is. The failure's share is
  // taken before the look-up, so concurrent guesses cannot all pass, and given back on a hit.
  await ctx.guards.reserveAuthFailure(ctx.clientAddress);
  const ticket = await scannedTicket(ctx.db, code, operatorId);
  if (!ticket) throw new NotFoundError("There is no ticket with this code");
  const now = ctx.now();
  const answer = async () => {
    if (effectiveStatus(ticket, now) !== "CONFIRMED")
      throw new ConflictError("ticket-void", `Booking ${ticket.reference} is not confirmed: its tickets are void`);
    // Today is the ticket's day while now falls within that day's bounds. The day and its
    // bounds are the same for every ticket of a timeslot and remembered; now's local date would
    // be worked out anew (a time-zone look-up) for each scan's instant.
    const day = instantToLocal(ticket.startsAt, ticket.timeZone).date;
    const { start, end } = dayBounds(day, ticket.timeZone);
    if (now < start || now >= end)
      throw new ConflictError("ticket-wrong-day", `This ticket is for ${day}`, { date: day });
    const scan = ticket.checkedInAt
      ? { checkedInAt: ticket.checkedInAt, firstScan: false }
      : await checkInTicket(ctx.db, ticket, now);
    return { reference: ticket.reference, unitId: ticket.unitId, ...scan };
  };
  // Giving the share back and checking in are independent, so neither waits for the other;
  // the share is given back for a known code whatever the answer.
  const [givenBack, answered] = await Promise.allSettled([ctx.guards.authSucceeded(ctx.clientAddress), answer()]);
  if (givenBack.status === "rejected") throw givenBack.reason;
  if (answered.status === "rejected") throw answered.reason;
  return answered.value;
}
