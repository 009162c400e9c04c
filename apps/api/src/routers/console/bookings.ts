import { z } from "zod";

import {
  addDays,
  dateField,
  effectiveStatus,
  idField,
  instantToLocal,
  isCancellable,
  NotFoundError,
  pricedUnitsSchema,
  startOfLocalDay,
  textField,
} from "@slotwise/core";
import {
  BOOKING_SORTS,
  bookingDetail,
  bookingFilterChoices,
  BookingSource,
  BookingStatus,
  listBookings,
  operatorById,
  WaiverStatus,
} from "@slotwise/db";

import { pageInput, pageOf } from "../../inputs/console-inputs.ts";
import { cancelBooking, cancellationQuote } from "../../services/booking-cancellation.ts";
import { consoleProcedure } from "../../trpc/procedures.ts";

const listInput = z.object({
  from: dateField("from").optional(),
  to: dateField("to").optional(),
  source: z.enum(BookingSource).optional(),
  partnerId: idField("partnerId").optional(),
  productId: idField("productId").optional(),
  status: z.enum(BookingStatus).optional(),
  waiverStatus: z.enum(WaiverStatus).optional(),
  search: textField("search", 0, 100).optional(),
  sort: z.enum(BOOKING_SORTS).default("startsAt"),
  direction: z.enum(["asc", "desc"]).default("desc"),
  ...pageInput,
});

const referenceInput = z.object({ reference: textField("reference", 1, 16) });

/** All bookings, whatever their source; dates are activity dates in the operator's zone. */
export const listConsoleBookings = consoleProcedure.input(listInput).query(async ({ ctx, input }) => {
  const operator = await operatorById(ctx.db, ctx.principal.operatorId);
  const now = ctx.now();
  const { rows, total } = await listBookings(ctx.db, operator.id, {
    ...input,
    now,
    startsFrom: input.from ? startOfLocalDay(input.from, operator.timeZone) : undefined,
    startsBefore: input.to ? startOfLocalDay(addDays(input.to, 1), operator.timeZone) : undefined,
  });
  return {
    ...pageOf(input.page, input.pageSize, total),
    rows: rows.map((b) => ({
      reference: b.reference,
      activity: b.product.name,
      starts: instantToLocal(b.startsAt, b.product.timeZone),
      timeZone: b.product.timeZone,
      createdAt: b.createdAt.toISOString(),
      source: b.source,
      partner: b.partner,
      status: effectiveStatus(b, now),
      expiresAt: b.expiresAt?.toISOString() ?? null,
      waiverStatus: b.waiverStatus,
      participants: b.participants,
      total: { amount: b.totalAmount, currency: b.currency },
      customer: b.customerFirstName === null ? null : `${b.customerFirstName} ${b.customerLastName ?? ""}`,
      email: b.customerEmail,
      paymentReference: b.paymentReference,
    })),
  };
});

/** What the filters offer: the operator's partners and activities. */
export const bookingFilterOptions = consoleProcedure.query(({ ctx }) =>
  bookingFilterChoices(ctx.db, ctx.principal.operatorId),
);

async function detailOrThrow(
  ctx: { db: Parameters<typeof bookingDetail>[0]; principal: { operatorId: number } },
  reference: string,
) {
  const booking = await bookingDetail(ctx.db, ctx.principal.operatorId, reference);
  if (!booking) throw new NotFoundError(`There is no booking ${reference}`);
  return booking;
}

function presentDetail(b: Awaited<ReturnType<typeof detailOrThrow>>, now: Date) {
  const answers = Array.isArray(b.answers) ? (b.answers as { QuestionID?: unknown; Value?: unknown }[]) : [];
  const valueOf = new Map(answers.map((a) => [String(a.QuestionID), a.Value]));
  return {
    reference: b.reference,
    status: effectiveStatus(b, now),
    expiresAt: b.expiresAt?.toISOString() ?? null,
    source: b.source,
    partner: b.partner ? { slug: b.partner.slug, name: b.partner.name } : null,
    activity: {
      id: b.product.id,
      activityId: b.product.activityId,
      name: b.product.name,
      location: b.product.location,
      timeZone: b.product.timeZone,
    },
    timeslot: {
      id: b.timeslot.id,
      starts: instantToLocal(b.startsAt, b.product.timeZone),
      startsAt: b.startsAt.toISOString(),
      capacity: b.timeslot.capacity,
      placesTaken: b.timeslot.placesTaken,
    },
    participants: b.participants,
    units: pricedUnitsSchema.parse(b.units),
    total: { amount: b.totalAmount, currency: b.currency },
    customer:
      b.customerFirstName === null
        ? null
        : {
            firstName: b.customerFirstName,
            lastName: b.customerLastName,
            email: b.customerEmail,
            phone: b.customerPhone,
          },
    paymentReference: b.paymentReference,
    // An OCTO reseller's own reference for the booking (section 19), null for other bookings.
    resellerReference: b.resellerReference,
    order: b.order
      ? {
          id: b.order.id,
          channel: b.order.channel,
          paid: b.order.paid,
          totalAmount: b.order.totalAmount,
          currency: b.order.currency,
          paymentReference: b.order.paymentReference,
        }
      : null,
    waiverStatus: b.waiverStatus,
    waiver: b.product.questions.map((q) => ({
      id: q.id,
      label: q.label,
      type: q.type,
      required: q.required,
      value: valueOf.get(q.id) ?? null,
    })),
    history: b.events.map((e) => ({ type: e.type, actor: e.actor, at: e.at.toISOString() })),
    emails: b.emails.map((e) => ({
      ...e,
      createdAt: e.createdAt.toISOString(),
      sentAt: e.sentAt?.toISOString() ?? null,
    })),
    createdAt: b.createdAt.toISOString(),
    cancelledAt: b.cancelledAt?.toISOString() ?? null,
    cancellable: isCancellable(b, now),
    /** What a partner cancelling now would get; the desk cancels regardless and refunds this. */
    cancellation: cancellationQuote({ ...b, checkedIn: b._count.tickets }, now),
    refund: b.refundAmount === null ? null : { amount: b.refundAmount, currency: b.currency },
  };
}

export const getConsoleBooking = consoleProcedure
  .input(referenceInput)
  .query(async ({ ctx, input }) => presentDetail(await detailOrThrow(ctx, input.reference), ctx.now()));

/**
 * Cancels from the desk: places come back and the waitlist is told, as for a partner's
 * cancellation. The operator is not held to the policy, and the refund is the policy's all the same.
 */
export const cancelConsoleBooking = consoleProcedure.input(referenceInput).mutation(async ({ ctx, input }) => {
  const booking = await detailOrThrow(ctx, input.reference);
  await cancelBooking(ctx, booking, `console:${ctx.principal.email}`, "operator");
  return presentDetail(await detailOrThrow(ctx, input.reference), ctx.now());
});
