import { listOutbox } from "@slotwise/db";
import { z } from "zod";
import { consoleProcedure } from "../../trpc/procedures.ts";
import { pageInput, pageOf } from "./console-inputs.ts";

export const listConsoleOutbox = consoleProcedure
  .input(z.object({ status: z.enum(["QUEUED", "SENT", "FAILED"]).optional(), kind: z.enum(["BOOKING_CONFIRMATION", "BOOKING_REMINDER", "WAITLIST_NOTIFICATION"]).optional(), ...pageInput }))
  .query(async ({ ctx, input }) => {
    const { rows, total, counts } = await listOutbox(ctx.db, ctx.principal.operatorId, input);
    return {
      ...pageOf(input.page, input.pageSize, total),
      counts,
      rows: rows.map((e) => ({
        id: e.id,
        kind: e.kind,
        status: e.status,
        to: e.toAddress,
        subject: e.subject,
        attempts: e.attempts,
        lastError: e.lastError,
        bookingReference: e.booking?.reference ?? null,
        createdAt: e.createdAt.toISOString(),
        sendAfter: e.sendAfter.toISOString(),
        sentAt: e.sentAt?.toISOString() ?? null,
      })),
    };
  });
