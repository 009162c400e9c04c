import { ConflictError, effectiveStatus, holdEnd } from "@slotwise/core";

import { Prisma } from "../generated/prisma/client.ts";
import type { Db, Tx } from "../tx.ts";
import type { CustomerDetails } from "./booking-types.ts";
import { answersData, customerData, type CheckedAnswers } from "./confirm-hold.ts";
import { lockBookingInTx } from "./lock-booking.ts";

/** Most bookings one OCTO booking search answers: OCTO's list has no pages. */
export const OCTO_BOOKINGS_LIMIT = 250;
const HOUR = 3_600_000;

/** A partner's booking by the reseller's OCTO UUID, with its product. */
export function findOctoBooking(db: Db, operatorId: number, partnerId: number, uuid: string) {
  return db.booking.findFirst({
    where: { operatorId, partnerId, octoUuid: uuid },
    include: { product: true },
  });
}

export interface OctoBookingsQuery {
  operatorId: number;
  partnerId: number;
  resellerReference?: string | undefined;
  /** The booking's own reference. */
  supplierReference?: string | undefined;
  productId?: number | undefined;
  /** Activity dates, local to each activity, both included. */
  localDateStart?: string | undefined;
  localDateEnd?: string | undefined;
}

/**
 * A partner's bookings made through OCTO (those with a UUID) matching every filter given, by start then id. The dates are local to
 * each activity: the index on (partner, start, id) scans the UTC window every zone's local
 * days lie in, and the local date decides.
 */
export async function octoBookings(db: Db, query: OctoBookingsQuery) {
  const { localDateStart: from, localDateEnd: to } = query;
  const ids = await db.$queryRaw<{ id: number }[]>`
    SELECT b.id FROM bookings b JOIN products p ON p.id = b.product_id
     WHERE b.operator_id = ${query.operatorId} AND b.partner_id = ${query.partnerId} AND b.octo_uuid IS NOT NULL
       ${query.resellerReference === undefined ? Prisma.empty : Prisma.sql`AND b.reseller_reference = ${query.resellerReference}`}
       ${query.supplierReference === undefined ? Prisma.empty : Prisma.sql`AND b.reference = ${query.supplierReference.toUpperCase()}`}
       ${query.productId === undefined ? Prisma.empty : Prisma.sql`AND b.product_id = ${query.productId}`}
       ${from === undefined ? Prisma.empty : Prisma.sql`AND b.starts_at >= ${new Date(Date.parse(`${from}T00:00:00Z`) - 14 * HOUR)} AND (b.starts_at AT TIME ZONE p.time_zone)::date >= ${from}::date`}
       ${to === undefined ? Prisma.empty : Prisma.sql`AND b.starts_at < ${new Date(Date.parse(`${to}T00:00:00Z`) + 36 * HOUR)} AND (b.starts_at AT TIME ZONE p.time_zone)::date <= ${to}::date`}
     ORDER BY b.starts_at, b.id
     LIMIT ${OCTO_BOOKINGS_LIMIT}`;
  return db.booking.findMany({
    where: { id: { in: ids.map((row) => row.id) } },
    include: { product: true },
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
  });
}

/**
 * Gives a live hold a new deadline (OCTO's extend), never past its timeslot's start. A hold
 * that has lapsed, been confirmed or cancelled is refused whatever the sweep has done.
 */
export async function extendHoldInTx(tx: Tx, bookingId: number, deadline: Date, actor: string, now: Date) {
  const locked = await lockBookingInTx(tx, bookingId);
  const status = effectiveStatus(locked, now);
  if (status === "EXPIRED")
    throw new ConflictError("hold-expired", "This hold expired before it was extended; its places are released");
  if (status !== "ON_HOLD") throw new ConflictError("booking-not-changeable", "Only a booking on hold can be extended");
  const expiresAt = holdEnd(deadline, locked.startsAt);
  return tx.booking.update({
    where: { id: bookingId },
    data: {
      expiresAt,
      updatedAt: now,
      events: { create: { type: "extended", actor, at: now, detail: { expiresAt: expiresAt.toISOString() } } },
    },
  });
}

export interface OctoDetails {
  customer?: CustomerDetails | undefined;
  resellerReference?: string | undefined;
  notes?: string | null | undefined;
  /** Replaces what `octo_extra` holds. */
  extra?: object | undefined;
  /** Replace the booking's answers, with the waiver status they give. */
  answers?: CheckedAnswers | undefined;
}

/** Records the contact, reseller reference, notes and answers an OCTO update or confirmation sent. */
export async function updateOctoDetailsInTx(tx: Tx, bookingId: number, details: OctoDetails, actor: string, now: Date) {
  const { customer } = details;
  return tx.booking.update({
    where: { id: bookingId },
    data: {
      ...(customer ? customerData(customer) : {}),
      ...(details.resellerReference === undefined ? {} : { resellerReference: details.resellerReference }),
      ...(details.notes === undefined ? {} : { notes: details.notes }),
      ...(details.extra === undefined ? {} : { octoExtra: details.extra }),
      ...(details.answers === undefined ? {} : answersData(details.answers)),
      updatedAt: now,
      events: { create: { type: "updated", actor, at: now } },
    },
  });
}
