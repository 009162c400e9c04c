import { z } from "zod";

import { activityIdParam, partnerParam } from "../../inputs/path-params.ts";
import { questionSchema } from "../../presenters/question-schema.ts";
import { presentQuestion } from "../../presenters/question.ts";
import { activityQuestions, findActivity } from "../../services/find-activity.ts";
import type { Context } from "../../trpc/context.ts";
import { anyPartnerProcedure, partnerProcedure } from "../../trpc/procedures.ts";

const output = z.object({ data: z.array(questionSchema) });
const description =
  "The waiver questions of the activity, in display order. Ask them before booking and send the answers with the booking.";

async function questionsOf(ctx: Context & { principal: { operatorId: number } }, activityId: string) {
  const product = await findActivity(ctx, ctx.principal.operatorId, activityId);
  return { data: (await activityQuestions(ctx, product.id)).map(presentQuestion) };
}

/** For any OTA key: `/ota/core/...` is routed before `/ota/{partner}/...` (see questions.router.ts), which would match it too. */
export const listCoreQuestions = anyPartnerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/ota/core/questions/{ActivityID}",
      tags: ["Waiver questions"],
      summary: "Waiver questions (any partner)",
      description,
    },
    problems: ["invalid-parameter", "not-found"],
    keepAnswers: true,
  })
  .input(z.object({ ActivityID: activityIdParam }))
  .output(output)
  .query(({ ctx, input }) => questionsOf(ctx, input.ActivityID));

export const listPartnerQuestions = partnerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/ota/{partner}/questions/{ActivityID}",
      tags: ["Waiver questions"],
      summary: "Waiver questions",
      description,
    },
    problems: ["invalid-parameter", "not-found"],
    keepAnswers: true,
  })
  .input(z.object({ partner: partnerParam, ActivityID: activityIdParam }))
  .output(output)
  .query(({ ctx, input }) => questionsOf(ctx, input.ActivityID));
