import type { CustomerDetails } from "../bookings/booking-types.ts";
import type { Db } from "../tx.ts";

export interface WaitlistRequest {
  operatorId: number;
  timeslotId: number;
  multiBookingId: string;
  customer: CustomerDetails;
  participants: number;
  now: Date;
}

export function joinWaitlist(db: Db, request: WaitlistRequest) {
  return db.waitlistEntry.create({
    data: {
      operatorId: request.operatorId,
      timeslotId: request.timeslotId,
      multiBookingId: request.multiBookingId,
      customerFirstName: request.customer.firstName,
      customerLastName: request.customer.lastName,
      customerEmail: request.customer.email,
      customerPhone: request.customer.phone,
      participants: request.participants,
      createdAt: request.now,
    },
  });
}
