import { addDays, effectiveStatus, instantToLocal, startOfLocalDay } from "@slotwise/core";
import { listBookings, operatorById } from "@slotwise/db";

import { consoleProcedure } from "../../../trpc/procedures.ts";
import { pageOf } from "../paging.ts";
import { listBookingsInput } from "./list-bookings.schema.ts";

/** All bookings, whatever their source; dates are activity dates in the operator's zone. */
export const listConsoleBookings = consoleProcedure.input(listBookingsInput).query(async ({ ctx, input }) => {
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
