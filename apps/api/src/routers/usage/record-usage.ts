import { z } from "zod";

import { ExactDecimal, occurredAtProblem, usageEntryBodySchema, ValidationError } from "@slotwise/core";
import { recordUsage, type GroupedEntry, type RecordedUsage } from "@slotwise/db";

import { withIdempotency } from "../../idempotency/with-idempotency.ts";
import { usageEntrySchema } from "../../presenters/usage-schema.ts";
import { usageWriteProcedure } from "../../trpc/procedures.ts";

function answer({ entry, replayed }: { entry: RecordedUsage; replayed: boolean }) {
  const data = {
    ID: Number(entry.id),
    Meter: entry.meter,
    Usage: new ExactDecimal(entry.usage).toNumber(),
    OccurredAt: Math.floor(entry.occurredAt.getTime() / 1000),
    ExtraInfo: entry.extraInfo,
  };
  const headers: Record<string, string> = replayed ? { "Idempotent-Replayed": "true" } : {};
  return { status: replayed ? 200 : 201, body: { data }, headers };
}

export const recordUsageEntry = usageWriteProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/usage/meters",
      tags: ["Usage"],
      summary: "Record a usage entry",
      description:
        "Records Usage (a JSON number greater than 0, kept as an exact decimal) against Meter. The names of built-in meters are reserved. Name the event with EventID to have it recorded once however often it is sent: a repeat answers 200 with the entry first recorded and `Idempotent-Replayed: true`. An Idempotency-Key also makes a retry safe.",
    },
    problems: ["idempotency-conflict", "validation", "idempotency-key-reuse"],
    successStatus: 201,
  })
  .input(usageEntryBodySchema)
  .output(z.object({ data: usageEntrySchema }))
  .mutation(async ({ ctx, input }) => {
    const now = ctx.now();
    const entry: GroupedEntry = {
      operatorId: ctx.principal.operatorId,
      meter: input.Meter,
      usage: input.Usage,
      extraInfo: input.ExtraInfo ?? null,
      occurredAt:
        input.OccurredAt === undefined
          ? new Date(Math.floor(now.getTime() / 1000) * 1000)
          : new Date(input.OccurredAt * 1000),
      eventId: input.EventID ?? null,
      createdAt: now,
    };
    // Inside the work, so that a repeat of an Idempotency-Key is answered before the clock
    // judges its OccurredAt again (see the batch's).
    const refuseOutOfRange = () => {
      const problem = occurredAtProblem("OccurredAt", input.OccurredAt, now, ctx.settings.usageRetentionDays);
      if (problem) throw new ValidationError([{ field: "OccurredAt", message: problem }]);
    };
    const result = await withIdempotency(
      ctx,
      "POST /usage/meters",
      input,
      async (tx) => {
        refuseOutOfRange();
        return answer(await recordUsage(tx, { ...entry, idempotencyKey: ctx.idempotencyKey ?? null }));
      },
      // Without a key the entry goes in with other requests' entries, in one statement.
      {
        withoutKey: async () => {
          refuseOutOfRange();
          return answer(await ctx.usageWriter.record(entry));
        },
      },
    );
    // Counted once committed, and not for a repeat (of an EventID or an Idempotency-Key).
    if (ctx.response.status === 201 && ctx.response.headers["Idempotent-Replayed"] !== "true") {
      ctx.metrics.usageEntriesIngested(1);
    }
    return result;
  });
