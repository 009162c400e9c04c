import { instantToLocal, pricedUnitsSchema, toOffsetIso } from "@slotwise/core";
import type { Booking, Product } from "@slotwise/db";

import type { BookingView } from "./booking-schema.ts";

export function presentBooking(b: Booking, product: Pick<Product, "activityId" | "timeZone">): BookingView {
  const local = instantToLocal(b.startsAt, product.timeZone);
  return {
    Reference: b.reference,
    Status: b.status === "CONFIRMED" ? "confirmed" : "cancelled",
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
    Customer: {
      FirstName: b.customerFirstName,
      LastName: b.customerLastName,
      Email: b.customerEmail,
      Phone: b.customerPhone,
    },
    PaymentReference: b.paymentReference,
    WaiverStatus: b.waiverStatus === "COMPLETE" ? "complete" : "pending",
    CreatedAt: b.createdAt.toISOString(),
  };
}
