import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { fastifyTRPCOpenApiPlugin } from "trpc-to-openapi";

import type { AnswerMemo } from "../cache/answer-memo.ts";
import { earlyRefusal } from "../fast-paths/early-refusal.ts";
import { endUnclaimedTurn } from "../fast-paths/hand-turn.ts";
import { keepAnswer, keptAnswerHook, keptAnswerReads } from "../fast-paths/kept-answer-hooks.ts";
import { problem } from "../problems/problem.ts";
import { toProblem } from "../problems/to-problem.ts";
import { retryAfterHeader } from "../problems/too-many-requests.ts";
import { appRouter } from "../trpc/app-router.ts";
import type { Context, Services } from "../trpc/context.ts";
import { entityTag, matchesIfNoneMatch } from "./conditional-get.ts";
import { joinPostQuery } from "./post-query.ts";
import { contextFromRequest, headerValue } from "./request-context.ts";
import { REST_PREFIX } from "./rest-prefix.ts";
import { asProblem } from "./rest-problem.ts";
import { routes } from "./rest-routes.ts";
import { metaByProcedure } from "./route-table.ts";
import { sendProblem } from "./send-problem.ts";

const metas = metaByProcedure(routes);

export interface RestOptions {
  services: Services;
  problemsBase: string;
  /** Where repeated partner GETs' answers are kept, or null to answer every one through its procedure. */
  memo: AnswerMemo | null;
  /** Whether a booking the cached timeslot already refuses is answered before tRPC (see earlyRefusal). */
  earlyRefusals: boolean;
}

/**
 * The partner REST API: the app router through trpc-to-openapi, with the edge the contract
 * asks for. Every error leaves as an RFC 7807 problem document, whoever raised it.
 */
export async function restPlugin(rest: FastifyInstance, options: RestOptions): Promise<void> {
  const { services, memo } = options;
  rest.decorateRequest("procedureContext", null);
  rest.decorateRequest("keptEtag", null);
  rest.decorateRequest("keptAs", null);
  rest.decorateRequest("readTrail", null);
  rest.decorateRequest("problem", null);

  if (memo) rest.addHook("onRequest", keptAnswerHook(memo, services));

  rest.addHook("preHandler", async (request, reply) => {
    if (request.method !== "POST") return;
    // A POST with no body at all (cancel) needs no Content-Type; the library insists on one.
    if (request.body === undefined && !request.headers["content-type"]) {
      request.headers["content-type"] = "application/json";
      request.body = {};
      joinPostQuery(request);
      return;
    }
    const body = request.body;
    if (
      request.headers["content-type"]?.startsWith("application/json") &&
      (body === null || typeof body !== "object" || Array.isArray(body))
    ) {
      return sendProblem(
        request,
        reply,
        options.problemsBase,
        problem("validation", "The body must be a JSON object", {
          errors: [{ field: "", message: "The body must be a JSON object" }],
        }),
      );
    }
    if (body !== null && typeof body === "object" && !Array.isArray(body)) joinPostQuery(request);
  });

  if (options.earlyRefusals) {
    rest.addHook("preHandler", earlyRefusal(services, options.problemsBase));
    rest.addHook("onSend", endUnclaimedTurn(services.saleTurns));
  }

  rest.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (typeof payload !== "string") return payload;
    const status = reply.statusCode;
    if (status >= 400) return asProblem(request, reply, options.problemsBase);
    if (request.method === "GET" && status === 200) {
      const tag = request.keptEtag ?? entityTag(payload);
      void reply.header("ETag", tag);
      if (memo && request.keptEtag === null) keepAnswer(memo, services, request, reply, { body: payload, etag: tag });
      if (matchesIfNoneMatch(headerValue(request.headers["if-none-match"]), tag)) {
        void reply.code(304).removeHeader("Content-Type").removeHeader("Content-Length");
        return "";
      }
    }
    return payload;
  });

  await rest.register(fastifyTRPCOpenApiPlugin, {
    basePath: REST_PREFIX,
    router: appRouter,
    createContext: ({ req }: { req: FastifyRequest }): Context => {
      const ctx = contextFromRequest(services, req, keptAnswerReads(services.cache, req));
      req.procedureContext = ctx;
      return ctx;
    },
    responseMeta: ({
      ctx,
      paths,
      errors,
    }: {
      ctx?: Context;
      paths?: readonly string[];
      errors: readonly unknown[];
    }) => {
      if (errors.length > 0 || !ctx) return { headers: retryAfterHeader(errors) };
      const meta = paths?.[0] ? metas.get(paths[0]) : undefined;
      const headers = {
        ...(meta?.cacheControl ? { "Cache-Control": meta.cacheControl } : {}),
        ...ctx.response.headers,
      };
      return { status: ctx.response.status ?? meta?.successStatus ?? 200, headers };
    },
    onError: ({ error, req }: { error: Error; req: FastifyRequest }) => {
      req.problem = toProblem(error);
      if (req.problem.status >= 500) req.log.error({ err: error.cause ?? error }, "request failed");
    },
  });
}
