import { effectiveStatus, instantToLocal, pricedUnitsSchema, toOffsetIso, type BookingRequest } from "@slotwise/core";
import type { Booking, CustomerDetails, Product } from "@slotwise/db";

import { cancellationQuote } from "../services/booking-cancellation.ts";
import type { BookingView } from "./booking-schema.ts";

type Customer = NonNullable<BookingRequest["Customer"]>;

const STATUS = { ON_HOLD: "on_hold", CONFIRMED: "confirmed", CANCELLED: "cancelled", EXPIRED: "expired" } as const;

/** A booking's tickets, one per person (contract section 20). */
export type BookingTickets = readonly { unitId: string; code: string; url: string; checkedIn: boolean }[];

/**
 * A booking as partners read it at `now`: a hold past its deadline reads as expired at once.
 * With its `tickets`, it answers them and how many persons are checked in; without them,
 * `checkedIn` says how many are, when known (a webhook body carries no ticket codes).
 */
export function presentBooking(
  b: Booking,
  product: Pick<Product, "activityId" | "timeZone">,
  now: Date,
  tickets?: BookingTickets,
  checkedIn: number | undefined = tickets?.filter((t) => t.checkedIn).length,
): BookingView {
  const local = instantToLocal(b.startsAt, product.timeZone);
  const status = effectiveStatus(b, now);
  const isHold = status === "ON_HOLD" || status === "EXPIRED";
  return {
    Reference: b.reference,
    Status: STATUS[status],
    ...(isHold && b.expiresAt ? { ExpiresAt: Math.floor(b.expiresAt.getTime() / 1000) } : {}),
    ActivityID: product.activityId,
    Date: local.date,
    Time: local.time,
    StartsAt: toOffsetIso(b.startsAt, product.timeZone),
    Participants: b.participants,
    Units: pricedUnitsSchema.parse(b.units).map((unit) => ({
      UnitID: unit.UnitID,
      Label: unit.Label,
      Quantity: unit.Quantity,
      Price: { Amount: unit.Price, Currency: b.currency },
    })),
    Total: { Amount: b.totalAmount, Currency: b.currency },
    Customer:
      b.customerFirstName !== null &&
      b.customerLastName !== null &&
      b.customerEmail !== null &&
      b.customerPhone !== null
        ? {
            FirstName: b.customerFirstName,
            LastName: b.customerLastName,
            Email: b.customerEmail,
            Phone: b.customerPhone,
          }
        : null,
    PaymentReference: b.paymentReference,
    WaiverStatus: b.waiverStatus === "COMPLETE" ? "complete" : "pending",
    CreatedAt: b.createdAt.toISOString(),
    ...(tickets ? { Tickets: tickets.map((t) => ({ UnitID: t.unitId, Code: t.code, Url: t.url })) } : {}),
    ...(checkedIn === undefined ? {} : { CheckedIn: checkedIn }),
    Cancellation: cancellationQuote({ ...b, checkedIn: checkedIn ?? 0 }, now),
    ...(status === "CANCELLED" && b.refundAmount !== null
      ? { Refund: { Amount: b.refundAmount, Currency: b.currency } }
      : {}),
  };
}

/** A request's `Customer` as the database stores it. */
export function customerDetails(customer: Customer): CustomerDetails {
  return { firstName: customer.FirstName, lastName: customer.LastName, email: customer.Email, phone: customer.Phone };
}
