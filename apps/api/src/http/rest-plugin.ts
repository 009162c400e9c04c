import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { fastifyTRPCOpenApiPlugin } from "trpc-to-openapi";

import { bearerToken } from "../auth/bearer-token.ts";
import { AnswerMemo } from "../cache/answer-memo.ts";
import { describeError } from "../problems/describe-error.ts";
import { isProblemDocument, PROBLEM_CONTENT_TYPE, problemDocument } from "../problems/problem-document.ts";
import { problem, type Problem } from "../problems/problem.ts";
import { retryAfterHeader } from "../problems/too-many-requests.ts";
import { appRouter } from "../trpc/app-router.ts";
import type { Context, Services } from "../trpc/context.ts";
import { entityTag, matchesIfNoneMatch } from "./conditional-get.ts";
import { rateLimitKey, type RateLimitVerdict } from "./rate-limit.ts";
import { contextFromRequest, headerValue } from "./request-context.ts";
import { requestCost } from "./request-cost.ts";
import { instanceOf } from "./request-path.ts";
import { metaByProcedure, methodsFor, restRoutes } from "./route-table.ts";
import { problemHeaders, sendProblem } from "./send-problem.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The procedure's context, for what the edge does with its answer. */
    procedureContext: Context | null;
    /** Answered from a kept answer: nothing more to do on the way out. */
    answeredFromMemo: boolean;
    /** A GET's path and query as sent. */
    requestTarget: string;
    /** The API key a GET was authenticated with, if any. */
    keyId: number | null;
  }
}

export const REST_PREFIX = "/api/v2";
export const routes = restRoutes(appRouter);
const metas = metaByProcedure(routes);

export interface RestOptions {
  services: Services;
  problemsBase: string;
  rateLimit: (key: string, cost?: number) => Promise<RateLimitVerdict>;
}

/** 405 with Allow when the path exists under other methods, 404 otherwise. */
export function unmatchedRoute(path: string): { description: Problem; headers: Record<string, string> } {
  const allowed = path.startsWith(REST_PREFIX) ? methodsFor(routes, path.slice(REST_PREFIX.length)) : [];
  if (allowed.length === 0) return { description: problem("not-found", `There is nothing at ${path}`), headers: {} };
  return {
    description: problem("method-not-allowed", `${path} takes ${allowed.join(", ")}`),
    headers: { Allow: allowed.join(", ") },
  };
}

/**
 * The partner REST API: the app router through trpc-to-openapi, with the edge the contract
 * asks for. Every error leaves as an RFC 7807 problem document, whoever raised it.
 */
export async function restPlugin(rest: FastifyInstance, options: RestOptions): Promise<void> {
  const { services } = options;
  const memo = new AnswerMemo(services.cache);
  rest.decorateRequest("procedureContext", null);
  rest.decorateRequest("answeredFromMemo", false);
  rest.decorateRequest("requestTarget", "");
  rest.decorateRequest("keyId", null);

  rest.addHook("onRequest", async (request, reply) => {
    const query = request.url.indexOf("?");
    const verdict = await options.rateLimit(
      rateLimitKey({ authorization: headerValue(request.headers.authorization), address: request.ip }),
      requestCost(request.originalPath, new URLSearchParams(query === -1 ? "" : request.url.slice(query + 1))),
    );
    void reply.headers(verdict.headers);
    if (!verdict.allowed) {
      return sendProblem(
        request,
        reply,
        options.problemsBase,
        problem("rate-limited", `Over this caller's rate limit; retry in ${verdict.headers["Retry-After"] ?? "1"} s`),
      );
    }
  });

  // A repeated poll is answered from the kept answer, after the rate limit and with its key
  // authenticated as on any request; anything else (no key, a bad key, nothing kept) goes on
  // to the procedure, which answers as it always does.
  rest.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET") return;
    // As sent: the library rewrites the URL on its way to the procedure.
    request.requestTarget = request.url;
    const token = bearerToken(headerValue(request.headers.authorization));
    const principal = token ? await services.authenticateKey(token) : null;
    if (!principal) return;
    request.keyId = principal.keyId;
    const kept = memo.find(principal.keyId, request.url, services.now().getTime());
    if (!kept) return;
    request.answeredFromMemo = true;
    services.metrics.keptAnswerServed();
    void reply.headers(kept.headers).header("ETag", kept.etag);
    if (matchesIfNoneMatch(headerValue(request.headers["if-none-match"]), kept.etag)) {
      return reply.code(304).removeHeader("Content-Type").send();
    }
    return reply.code(200).send(kept.body);
  });

  rest.addHook("preHandler", async (request, reply) => {
    if (request.method !== "POST") return;
    // A POST with no body at all (cancel) needs no Content-Type; the library insists on one.
    if (request.body === undefined && !request.headers["content-type"]) {
      request.headers["content-type"] = "application/json";
      request.body = {};
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
  });

  rest.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (typeof payload !== "string" || request.answeredFromMemo) return payload;
    const status = reply.statusCode;
    if (status >= 400) return asProblem(request, reply, payload, options.problemsBase);
    if (request.method === "GET" && status === 200) {
      const tag = entityTag(payload);
      void reply.header("ETag", tag);
      const ctx = request.procedureContext;
      if (ctx?.response.keepable && request.keyId !== null) {
        const headers: Record<string, string> = {};
        for (const name of ["content-type", "cache-control"]) {
          const value = reply.getHeader(name);
          if (typeof value === "string") headers[name] = value;
        }
        const now = services.now().getTime();
        memo.keep(
          request.keyId,
          request.requestTarget,
          ctx.trail,
          { body: payload, etag: tag, headers },
          ctx.response.changesAt ?? null,
          now,
        );
      }
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
      const ctx = contextFromRequest(services, req);
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
      if (meta?.keepAnswers) ctx.response.keepable = true;
      const headers = {
        ...(meta?.cacheControl ? { "Cache-Control": meta.cacheControl } : {}),
        ...ctx.response.headers,
      };
      return { status: ctx.response.status ?? meta?.successStatus ?? 200, headers };
    },
    onError: ({ error, req }: { error: Error; req: FastifyRequest }) => {
      if (describeError(error).status >= 500) req.log.error({ err: error.cause ?? error }, "request failed");
    },
  });
}

function routeExists(method: string, path: string): boolean {
  const local = path.slice(REST_PREFIX.length);
  return routes.some((r) => r.method === method && r.pattern.test(local));
}

/** Turns whatever error body the library or a hook produced into the problem document it stands for. */
function asProblem(request: FastifyRequest, reply: FastifyReply, payload: string, problemsBase: string): string {
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    body = undefined;
  }
  if (isProblemDocument(body)) return payload;
  let description: Problem;
  const carried = (body as { problem?: Problem } | undefined)?.problem;
  if (reply.statusCode === 404 && !routeExists(request.method, instanceOf(request))) {
    const unmatched = unmatchedRoute(instanceOf(request));
    description = unmatched.description;
    void reply.headers(unmatched.headers);
  } else {
    description = carried ?? describeError(undefined);
  }
  void reply
    .code(description.status)
    .headers(problemHeaders(description.status))
    .header("Content-Type", PROBLEM_CONTENT_TYPE);
  return JSON.stringify(problemDocument(problemsBase, description, instanceOf(request)));
}
