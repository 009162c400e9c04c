import { TRPCError } from "@trpc/server";
import { fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import type { FastifyInstance, FastifyRequest } from "fastify";

import { ProblemError } from "../problems/problem-error.ts";
import { toProblem } from "../problems/to-problem.ts";
import { retryAfterHeader, TooManyRequestsError } from "../problems/too-many-requests.ts";
import { appRouter } from "../trpc/app-router.ts";
import type { Context, Services } from "../trpc/context.ts";
import { trpcCodeForStatus } from "../trpc/error-codes.ts";
import { jsonBodyReader } from "./json-body.ts";
import { contextFromRequest } from "./request-context.ts";

/** Calls in one /trpc batch; the console's batch link sends at most as many. */
export const MAX_TRPC_BATCH = 25;

/** The console's API: the app router at /trpc, with the caller and the budget the gate put on the request. */
export async function registerTrpc(app: FastifyInstance, services: Services): Promise<void> {
  const readJson = jsonBodyReader(app);
  await app.register(fastifyTRPCPlugin, {
    prefix: "/trpc",
    trpcOptions: {
      router: appRouter,
      maxBatchSize: MAX_TRPC_BATCH,
      createContext: ({ req }: { req: FastifyRequest }) => {
        const context = contextFromRequest(services, req);
        // Charged by the gate; refused here, in tRPC's own error shape.
        if (req.budget && !req.budget.allowed) {
          const retryAfter = Number(req.budget.headers["Retry-After"] ?? 1);
          const cause = new TooManyRequestsError("Over this caller's rate limit", retryAfter);
          throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: cause.message, cause });
        }
        // tRPC's plugin reads its bodies as text with a parser of its own, which keeps __proto__
        // as data and rounds long numbers: the root parser's reading is made here first, so a
        // body REST refuses is refused here in the same words. An empty body is left to tRPC:
        // a call without input may send none. Queries' `?input=` is not read here: they store nothing.
        const reading = typeof req.body === "string" && req.body !== "" ? readJson(req, req.body) : undefined;
        if (reading && "error" in reading) {
          // Worded as REST words it, and carried so that the error formatter answers the same.
          const refusal = toProblem(reading.error, "framework");
          const cause = new ProblemError(refusal);
          throw new TRPCError({ code: trpcCodeForStatus(refusal.status), message: refusal.detail, cause });
        }
        return context;
      },
      onError: ({ error, req }: { error: Error; req: FastifyRequest }) => {
        if (toProblem(error).status >= 500) req.log.error({ err: error.cause ?? error }, "request failed");
      },
      responseMeta: ({ ctx, errors }: { ctx?: Context; errors: readonly unknown[] }) => ({
        headers: { ...ctx?.response.headers, ...retryAfterHeader(errors) },
      }),
    },
  });
}
