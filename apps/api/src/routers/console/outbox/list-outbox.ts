import { listOutbox } from "@slotwise/db";

import { consoleProcedure } from "../../../trpc/procedures.ts";
import { pageOf } from "../paging.ts";
import { listOutboxInput } from "./list-outbox.schema.ts";

export const listConsoleOutbox = consoleProcedure.input(listOutboxInput).query(async ({ ctx, input }) => {
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
