import { z } from "zod";

import { occurredAtProblem, usageBatchBodySchema, ValidationError, type FieldError } from "@slotwise/core";
import { recordUsageBatch, type Db } from "@slotwise/db";

import { withIdempotency } from "../../idempotency/with-idempotency.ts";
import { usageWriteProcedure } from "../../trpc/procedures.ts";

export const recordUsageBatchEntries = usageWriteProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/usage/meters/batch",
      tags: ["Usage"],
      summary: "Record up to 1,000 usage entries at once",
      description:
        "Entries are as for a single entry, EventID included. The batch is validated whole: one invalid entry makes it a 422 naming that entry (`Entries[3].Usage`) and nothing is recorded. An entry whose EventID was already recorded, or that repeats an EventID earlier in the batch, is counted in Duplicates and not recorded again. Bodies up to 1 MiB. An Idempotency-Key works as for a single entry: a repeat answers the first response again with `Idempotent-Replayed: true` and records nothing.",
    },
    problems: ["idempotency-conflict", "validation", "idempotency-key-reuse"],
    successStatus: 201,
  })
  .input(usageBatchBodySchema)
  .output(z.object({ data: z.object({ Recorded: z.int(), Duplicates: z.int() }) }))
  .mutation(async ({ ctx, input }) => {
    const now = ctx.now();
    // Entries without OccurredAt happened now, to the second, like a single entry.
    const received = new Date(Math.floor(now.getTime() / 1000) * 1000);
    const entries = input.Entries.map((entry) => ({
      meter: entry.Meter,
      usage: entry.Usage,
      extraInfo: entry.ExtraInfo ?? null,
      occurredAt: entry.OccurredAt === undefined ? received : new Date(entry.OccurredAt * 1000),
      eventId: entry.EventID ?? null,
    }));
    const record = async (db: Db) => {
      // Judged by the clock only once a repeat of an Idempotency-Key has been answered: a retry
      // of a batch recorded near the retention edge gets its answer, not a 422.
      const refused: FieldError[] = [];
      input.Entries.forEach((entry, i) => {
        const field = `Entries[${i}].OccurredAt`;
        const problem = occurredAtProblem(field, entry.OccurredAt, now, ctx.settings.usageRetentionDays);
        if (problem) refused.push({ field, message: problem });
      });
      if (refused.length) throw new ValidationError(refused);
      const recorded = await recordUsageBatch(db, ctx.principal.operatorId, entries, now);
      return {
        status: 201,
        body: { data: { Recorded: recorded, Duplicates: entries.length - recorded } },
        headers: {},
      };
    };
    // Without a key the batch is one statement, atomic by itself.
    const answer = await withIdempotency(ctx, "POST /usage/meters/batch", input, record, {
      withoutKey: () => record(ctx.db),
    });
    // Counted once committed, and not for a replay of an Idempotency-Key.
    if (ctx.response.headers["Idempotent-Replayed"] !== "true") ctx.metrics.usageEntriesIngested(answer.data.Recorded);
    return answer;
  });
