import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { fastifyTRPCOpenApiPlugin } from "trpc-to-openapi";

import { hashApiKey } from "@slotwise/db";

import { bearerToken } from "../auth/bearer-token.ts";
import type { AnswerMemo } from "../cache/answer-memo.ts";
import { cacheTags } from "../cache/read-cache.ts";
import { describeError } from "../problems/describe-error.ts";
import { isProblemDocument, PROBLEM_CONTENT_TYPE, problemDocument } from "../problems/problem-document.ts";
import { problem, type Problem } from "../problems/problem.ts";
import { retryAfterHeader } from "../problems/too-many-requests.ts";
import { appRouter } from "../trpc/app-router.ts";
import type { Context, Services } from "../trpc/context.ts";
import { chargedVerdict } from "./charged-verdict.ts";
import { entityTag, matchesIfNoneMatch } from "./conditional-get.ts";
import { earlyRefusal } from "./early-refusal.ts";
import { endUnclaimedTurn } from "./hand-turn.ts";
import { keptAnswerFor } from "./kept-answer-for.ts";
import { rateLimitKey, type RateLimitVerdict } from "./rate-limit.ts";
import { contextFromRequest, headerValue } from "./request-context.ts";
import { requestCost } from "./request-cost.ts";
import { instanceOf } from "./request-path.ts";
import { REST_PREFIX } from "./rest-prefix.ts";
import { routes } from "./rest-routes.ts";
import { routeLabel } from "./route-label.ts";
import { metaByProcedure, methodsFor } from "./route-table.ts";
import { problemHeaders, sendProblem } from "./send-problem.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The procedure's context, for what the edge does with its answer. */
    procedureContext: Context | null;
    /** The ETag of the kept answer this GET is answered from, if it is. */
    keptEtag: string | null;
    /** For a GET whose answer may be kept: the key's hash (and its generation then) and the target as sent. */
    keptAs: { keyHash: string; target: string; keyGeneration: number } | null;
  }
}

const metas = metaByProcedure(routes);
const keepable = routes.filter((route) => route.method === "GET" && route.meta.keepAnswers);

export interface RestOptions {
  services: Services;
  problemsBase: string;
  rateLimit: (key: string, cost?: number) => Promise<RateLimitVerdict>;
  /** Where repeated partner GETs' answers are kept, or null to answer every one through its procedure. */
  memo: AnswerMemo | null;
  /** Whether a booking the cached timeslot already refuses is answered before tRPC (see earlyRefusal). */
  earlyRefusals: boolean;
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
  const { services, memo } = options;
  rest.decorateRequest("procedureContext", null);
  rest.decorateRequest("keptEtag", null);
  rest.decorateRequest("keptAs", null);
  rest.decorateRequest("handedTurn", null);

  rest.addHook("onRequest", async (request, reply) => {
    const verdict =
      chargedVerdict.of(request.raw) ??
      (await options.rateLimit(
        rateLimitKey({ authorization: headerValue(request.headers.authorization), address: request.ip }),
        requestCost(request.url),
      ));
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

  // A repeated poll is answered from the kept answer (`keptAnswerFor`), after the rate limit.
  // Most never get here: kept-answer-edge.ts answers them before Fastify, and leaves to this
  // hook the ones it does not take (an answer to compress, a GET that says it has a body).
  rest.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" || !memo) return;
    const local = request.originalPath.slice(REST_PREFIX.length);
    if (!keepable.some((route) => route.pattern.test(local))) return;
    const token = bearerToken(headerValue(request.headers.authorization));
    if (!token) return;
    const keyHash = hashApiKey(token);
    // As sent: the library rewrites the URL on its way to the procedure.
    request.keptAs = {
      keyHash,
      target: request.url,
      keyGeneration: services.cache.generation(cacheTags.apiKey(keyHash)),
    };
    if (!memo.find(keyHash, request.url, services.now().getTime())) return;
    const kept = await keptAnswerFor(memo, services, { token, keyHash, target: request.url, address: request.ip });
    if (!kept) return;
    request.keptEtag = kept.etag;
    services.metrics.keptAnswerServed();
    // On its way out like any answer (onSend below): its ETag, and 304 when it matches.
    return reply.code(200).headers(kept.headers).send(kept.body);
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

  if (options.earlyRefusals) {
    rest.addHook("preHandler", earlyRefusal(services, options.problemsBase));
    rest.addHook("onSend", endUnclaimedTurn);
  }

  rest.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (typeof payload !== "string") return payload;
    const status = reply.statusCode;
    if (status >= 400) return asProblem(request, reply, payload, options.problemsBase);
    if (request.method === "GET" && status === 200) {
      const tag = request.keptEtag ?? entityTag(payload);
      void reply.header("ETag", tag);
      if (memo && request.keptEtag === null) keepAnswer(memo, request, reply, payload, tag);
      if (matchesIfNoneMatch(headerValue(request.headers["if-none-match"]), tag)) {
        void reply.code(304).removeHeader("Content-Type").removeHeader("Content-Length");
        return "";
      }
    }
    return payload;
  });

  /** Keeps a GET's answer when its procedure allows it (`keepAnswers`) and a key asked for it. */
  function keepAnswer(memo: AnswerMemo, request: FastifyRequest, reply: FastifyReply, body: string, etag: string) {
    const ctx = request.procedureContext;
    const keptAs = request.keptAs;
    if (!ctx?.response.keepable || !keptAs) return;
    // The key's own row counts among the reads: a change to the key ends the answer too.
    ctx.trail.saw(cacheTags.apiKey(keptAs.keyHash), keptAs.keyGeneration);
    const headers: Record<string, string> = {};
    for (const name of ["content-type", "cache-control"]) {
      const value = reply.getHeader(name);
      if (typeof value === "string") headers[name] = value;
    }
    memo.keep(
      keptAs.keyHash,
      keptAs.target,
      ctx.trail,
      { body, length: Buffer.byteLength(body), etag, headers, route: routeLabel(request) },
      ctx.response.changesAt ?? null,
      services.now().getTime(),
    );
  }

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
