import { z } from "zod";

import type { Booking } from "../generated/prisma/client.ts";

const instant = z.string().transform((s) => new Date(s));
const product = { activity_id: z.string(), time_zone: z.string() };

/** The booking row as the trigger wrote it into the event (`to_jsonb` of the row). */
const bookingRow = z.object({
  ...product,
  id: z.number(),
  reference: z.string(),
  operator_id: z.number(),
  product_id: z.number(),
  timeslot_id: z.number(),
  starts_at: instant,
  source: z.enum(["PARTNER", "ONLINE", "POS"]),
  partner_id: z.number().nullable(),
  api_key_id: z.number().nullable(),
  order_id: z.number().nullable(),
  payment_reference: z.string().nullable(),
  participants: z.number(),
  units: z.json(),
  total_amount: z.number(),
  currency: z.string(),
  customer_first_name: z.string().nullable(),
  customer_last_name: z.string().nullable(),
  customer_email: z.string().nullable(),
  customer_phone: z.string().nullable(),
  status: z.enum(["CONFIRMED", "CANCELLED", "ON_HOLD", "EXPIRED"]),
  expires_at: instant.nullable(),
  waiver_status: z.enum(["COMPLETE", "PENDING"]),
  answers: z.json(),
  created_at: instant,
  updated_at: instant,
  cancelled_at: instant.nullable(),
  cancellation_policy: z.json().optional(),
  refund_amount: z.number().nullable().optional(),
  // Absent from events written before no-shows existed.
  no_show_at: instant.nullable().optional(),
  // Persons checked in, on booking.checked_in events.
  checked_in: z.int().optional(),
  // Absent from events written before OCTO bookings existed.
  octo_uuid: z.string().nullish(),
  reseller_reference: z.string().nullish(),
  notes: z.string().nullish(),
  octo_extra: z.json().nullish(),
});

/** A booking event's data: the booking as it was at the event, and its product. */
export function bookingSnapshot(data: unknown) {
  const row = bookingRow.parse(data);
  const booking: Booking = {
    id: row.id,
    reference: row.reference,
    operatorId: row.operator_id,
    productId: row.product_id,
    timeslotId: row.timeslot_id,
    startsAt: row.starts_at,
    source: row.source,
    partnerId: row.partner_id,
    apiKeyId: row.api_key_id,
    orderId: row.order_id,
    paymentReference: row.payment_reference,
    participants: row.participants,
    units: row.units ?? [],
    totalAmount: row.total_amount,
    currency: row.currency,
    customerFirstName: row.customer_first_name,
    customerLastName: row.customer_last_name,
    customerEmail: row.customer_email,
    customerPhone: row.customer_phone,
    status: row.status,
    expiresAt: row.expires_at,
    waiverStatus: row.waiver_status,
    answers: row.answers ?? [],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    cancelledAt: row.cancelled_at,
    cancellationPolicy: row.cancellation_policy ?? null,
    refundAmount: row.refund_amount ?? null,
    searchText: "",
    octoUuid: row.octo_uuid ?? null,
    resellerReference: row.reseller_reference ?? null,
    notes: row.notes ?? null,
    octoExtra: row.octo_extra ?? null,
    noShowAt: row.no_show_at ?? null,
  };
  return {
    booking,
    product: { activityId: row.activity_id, timeZone: row.time_zone },
    checkedIn: row.checked_in,
  };
}

const timeslotRow = z
  .object({
    ...product,
    starts_at: instant,
    capacity: z.number(),
    places_taken: z.number(),
    closed: z.boolean(),
    // Events recorded before the change feed existed carry no number.
    sequence: z.number().optional(),
  })
  .transform((row) => ({
    activityId: row.activity_id,
    timeZone: row.time_zone,
    startsAt: row.starts_at,
    capacity: row.capacity,
    placesTaken: row.places_taken,
    closed: row.closed,
    sequence: row.sequence,
  }));

/** An `availability.changed` event's data: the timeslot as it was at the event. */
export function timeslotSnapshot(data: unknown) {
  return timeslotRow.parse(data);
}
