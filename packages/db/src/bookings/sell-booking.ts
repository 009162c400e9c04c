import { ConflictError, holdEnd, newBookingReference, placesRefusal } from "@slotwise/core";

import { Prisma, type Booking } from "../generated/prisma/client.ts";
import { queryRows } from "../query-rows.ts";
import type { Db } from "../tx.ts";
import { bookingEmails } from "./booking-emails.ts";
import type { NewBooking } from "./booking-types.ts";
import { placesFit } from "./take-places.ts";

/**
 * Sells places and records the booking, its history and its confirmation and reminder
 * e-mails in ONE statement: either everything happens or nothing does, without a transaction
 * of its own, and in one round trip (a booking is the write partners wait on). The places are
 * taken by a conditional UPDATE, so two sales can never both pass the check whatever the
 * number of API processes, and the CHECK constraint on the table is the last line of defence.
 * A hold (`holdUntil`) takes the places the same way but sends nothing until it is confirmed.
 *
 * The booking keeps the activity's cancellation policy as it stands in the database when the
 * sale commits, as it keeps its prices: a later change of the policy leaves it.
 *
 * The e-mails name the start, so the caller passes the start it read (`input.startsAt`) and
 * the UPDATE only matches while the timeslot still starts then. When it matches nothing, the
 * timeslot is read back: a refusal in the words of the core rule, a 409 when it has moved to
 * another start (the customer asked for the one they read), or, places having been freed
 * between the two, another try, a few times at most.
 */
export async function sellBooking(db: Db, input: NewBooking): Promise<Booking> {
  const { priced, product, now } = input;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const [booking] = await queryRows<Booking>(db, saleStatement(input));
    if (booking) return booking;
    const slot = await db.timeslot.findUnique({ where: { id: input.timeslotId } });
    // Deleted since it was read (its schedule went, and it held no booking then).
    if (!slot) throw new ConflictError("timeslot-unavailable", "This timeslot no longer exists: look it up again");
    const refusal = placesRefusal(slot, priced.participants, product.bookingCutoffMinutes, now);
    if (refusal) throw refusal;
    if (slot.startsAt.getTime() !== input.startsAt.getTime()) {
      throw new ConflictError("timeslot-unavailable", "This timeslot has moved to another time: look it up again");
    }
  }
  throw new ConflictError("timeslot-unavailable", "This timeslot is changing too fast to book: try again");
}

/** Tries at a sale whose places keep being taken and freed between its UPDATE and its read. */
const MAX_ATTEMPTS = 3;

/**
 * The one statement a sale sends: exported so that the bench's plain-`pg` baseline sends the
 * very same statement and its ratio prices only what the API adds around it.
 */
export function saleStatement(input: NewBooking): Prisma.Sql {
  const { product, now, priced, customer, holdUntil, startsAt } = input;
  const reference = newBookingReference(input.random);
  const expiresAt = holdUntil ? holdEnd(holdUntil, startsAt) : null;
  // Without a customer, a confirmed booking is refused by the database itself (a CHECK).
  const emails =
    holdUntil || !customer
      ? []
      : bookingEmails(
          {
            reference,
            operatorId: product.operatorId,
            participants: priced.participants,
            startsAt,
            customerFirstName: customer.firstName,
            customerEmail: customer.email,
          },
          { productName: product.name, timeZone: product.timeZone },
          { now, reminderHoursBefore: input.reminderHoursBefore },
        );
  const history = {
    participants: priced.participants,
    source: input.source,
    ...(expiresAt ? { expiresAt: expiresAt.toISOString() } : {}),
  };
  return Prisma.sql`
    WITH taken AS (
      UPDATE timeslots SET places_taken = places_taken + ${priced.participants}, updated_at = ${now}
       WHERE id = ${input.timeslotId} AND starts_at = ${startsAt}
         AND ${placesFit(priced.participants, product.bookingCutoffMinutes, now)}
      RETURNING id
    ),
    booking AS (
      INSERT INTO bookings (reference, operator_id, product_id, timeslot_id, starts_at, source, partner_id, api_key_id,
                            order_id, payment_reference, participants, units, total_amount, currency,
                            customer_first_name, customer_last_name, customer_email, customer_phone,
                            status, expires_at, waiver_status, answers, created_at, updated_at,
                            octo_uuid, reseller_reference, notes, octo_extra, cancellation_policy)
      SELECT ${reference}, ${product.operatorId}, ${product.id}, taken.id, ${startsAt}, ${input.source}::booking_source,
             ${input.partnerId ?? null}, ${input.apiKeyId ?? null}, ${input.orderId ?? null}, ${input.paymentReference ?? null},
             ${priced.participants}, ${JSON.stringify(priced.units)}::jsonb, ${priced.totalAmount}, ${product.currency},
             ${customer?.firstName ?? null}, ${customer?.lastName ?? null}, ${customer?.email ?? null}, ${customer?.phone ?? null},
             ${holdUntil ? "ON_HOLD" : "CONFIRMED"}::booking_status, ${expiresAt},
             ${input.waiverStatus === "complete" ? "COMPLETE" : "PENDING"}::waiver_status,
             ${JSON.stringify(input.answers.map((a) => ({ QuestionID: a.QuestionID, Value: a.Value ?? null })))}::jsonb,
             ${now}, ${now}, ${input.octo?.uuid ?? null}, ${input.octo?.resellerReference ?? null},
             ${input.octo?.notes ?? null}, ${input.octo ? JSON.stringify(input.octo.extra) : null}::jsonb,
             (SELECT cancellation_policy FROM products WHERE id = ${product.id})
        FROM taken
      RETURNING *
    ),
    history AS (
      INSERT INTO booking_events (booking_id, type, actor, at, detail)
      SELECT id, ${holdUntil ? "held" : "created"}, ${input.actor}, ${now}, ${JSON.stringify(history)}::jsonb FROM booking
    ),
    emails AS (
      INSERT INTO outbox_emails (operator_id, kind, dedupe_key, to_address, subject, text_body, booking_id, send_after, created_at)
      SELECT ${product.operatorId}, e.kind::email_kind, e.dedupe_key, e.to_address, e.subject, e.text_body, booking.id,
             e.send_after::timestamptz, ${now}
        FROM booking,
             unnest(${emails.map((e) => e.kind)}::text[], ${emails.map((e) => e.dedupeKey)}::text[],
                    ${emails.map((e) => e.to)}::text[], ${emails.map((e) => e.subject)}::text[],
                    ${emails.map((e) => e.text)}::text[], ${emails.map((e) => e.sendAfter.toISOString())}::text[])
               AS e(kind, dedupe_key, to_address, subject, text_body, send_after)
      ON CONFLICT (dedupe_key) DO NOTHING
    )
    SELECT id, reference, operator_id AS "operatorId", product_id AS "productId", timeslot_id AS "timeslotId",
           starts_at AS "startsAt", source, partner_id AS "partnerId", api_key_id AS "apiKeyId", order_id AS "orderId",
           payment_reference AS "paymentReference", participants, units, total_amount AS "totalAmount", currency,
           customer_first_name AS "customerFirstName", customer_last_name AS "customerLastName",
           customer_email AS "customerEmail", customer_phone AS "customerPhone", status, expires_at AS "expiresAt",
           waiver_status AS "waiverStatus", answers, created_at AS "createdAt", updated_at AS "updatedAt",
           cancelled_at AS "cancelledAt", cancellation_policy AS "cancellationPolicy",
           refund_amount AS "refundAmount", search_text AS "searchText", no_show_at AS "noShowAt",
           octo_uuid AS "octoUuid", reseller_reference AS "resellerReference", notes, octo_extra AS "octoExtra"
      FROM booking`;
}
