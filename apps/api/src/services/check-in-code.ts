import { ConflictError, effectiveStatus, instantToLocal, NotFoundError } from "@slotwise/core";
import { checkInTicket, findTicket, type Database } from "@slotwise/db";

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
 * unknown code is not-found whoever issued it.
 */
export async function checkInByCode(ctx: CheckInContext, operatorId: number, code: string) {
  // A code is a secret: guessing them is limited as guessing keys is. The failure's share is
  // taken before the look-up, so concurrent guesses cannot all pass, and given back on a hit.
  await ctx.guards.reserveAuthFailure(ctx.clientAddress);
  const ticket = await findTicket(ctx.db, code, operatorId);
  if (!ticket) throw new NotFoundError("There is no ticket with this code");
  await ctx.guards.authSucceeded(ctx.clientAddress);
  const { booking } = ticket;
  const now = ctx.now();
  if (effectiveStatus(booking, now) !== "CONFIRMED")
    throw new ConflictError("ticket-void", `Booking ${booking.reference} is not confirmed: its tickets are void`);
  const day = instantToLocal(booking.startsAt, booking.product.timeZone).date;
  if (day !== instantToLocal(now, booking.product.timeZone).date)
    throw new ConflictError("ticket-wrong-day", `This ticket is for ${day}`, { date: day });
  const scan = await checkInTicket(ctx.db, ticket.id, now);
  return { reference: booking.reference, unitId: ticket.unitId, ...scan };
}
