import type { FastifyReply, FastifyRequest } from "fastify";

import { hashApiKey } from "@slotwise/db";

import type { AnswerMemo } from "../cache/answer-memo.ts";
import { cacheTags, type ReadCache } from "../cache/read-cache.ts";
import type { CacheReads, ReadTrail } from "../cache/read-trail.ts";
import { REST_PREFIX } from "../http/rest-prefix.ts";
import { routes } from "../http/rest-routes.ts";
import { routeLabel } from "../http/route-label.ts";
import type { Context, Services } from "../trpc/context.ts";
import { keptAnswerFor } from "./kept-answer-for.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The procedure's context, for what the edge does with its answer. */
    procedureContext: Context | null;
    /** The ETag of the kept answer this GET is answered from, if it is. */
    keptEtag: string | null;
    /** For a GET whose answer may be kept: the key's hash (and its generation then) and the target as sent. */
    keptAs: { keyHash: string; target: string; keyGeneration: number } | null;
    /** What the procedure of such a GET read through the cache: its answer is kept as long as all of it stands. */
    readTrail: ReadTrail | null;
  }
}

const getRoutes = routes.filter((route) => route.method === "GET");
const keptRoutes = getRoutes.filter((route) => route.meta.keepAnswers);
const otherGetRoutes = getRoutes.filter((route) => !route.meta.keepAnswers);

/**
 * Whether the answer to a GET of this path (below the REST prefix) may be kept: its procedure
 * says so (`keepAnswers`). No GET route without it may match the path too, so that the procedure
 * that answers it says so, whichever of them the router picks.
 */
function keepable(path: string): boolean {
  return (
    keptRoutes.some((route) => route.pattern.test(path)) && !otherGetRoutes.some((route) => route.pattern.test(path))
  );
}

/**
 * The REST routes' side of kept answers (`KEPT_ANSWERS=off` turns them off): a repeated poll is
 * answered from its kept answer after the gate's charge, and a procedure's answer is kept. Most
 * hits never get here: kept-answer-edge.ts answers them before Fastify, and leaves to this hook
 * the ones it does not take (an answer to compress, a GET that says it has a body).
 */
export function keptAnswerHook(memo: AnswerMemo, services: Services) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== "GET") return;
    const local = request.originalPath.slice(REST_PREFIX.length);
    if (!keepable(local)) return;
    const token = request.caller.token;
    if (!token) return;
    const keyHash = hashApiKey(token);
    // As sent: the library rewrites the URL on its way to the procedure.
    request.keptAs = {
      keyHash,
      target: request.url,
      keyGeneration: services.cache.generation(cacheTags.apiKey(keyHash)),
    };
    if (!memo.find(keyHash, request.url, services.now().getTime())) return;
    const kept = await keptAnswerFor(memo, services, { caller: request.caller, keyHash, target: request.url });
    if (!kept) return;
    request.keptEtag = kept.etag;
    services.metrics.keptAnswerServed();
    // On its way out like any answer (the REST onSend): its ETag, and 304 when it matches.
    return reply.code(200).headers(kept.headers).send(kept.body);
  };
}

/**
 * The cache reads of this request's procedure: for a GET whose answer may be kept (`keptAs`),
 * reads that record themselves in the request's `readTrail`; otherwise none but the cache's own.
 */
export function keptAnswerReads(cache: ReadCache, request: FastifyRequest): CacheReads | undefined {
  if (!request.keptAs) return undefined;
  const { trail, reads } = cache.trace();
  request.readTrail = trail;
  return reads;
}

/**
 * Keeps a GET's answer when a key asked for it on a route whose procedure allows it: only there
 * does keptAnswerHook set `keptAs` (`keepable`) and the procedure's run leave a `readTrail`.
 */
export function keepAnswer(
  memo: AnswerMemo,
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: { body: string; etag: string },
): void {
  const ctx = request.procedureContext;
  const keptAs = request.keptAs;
  const trail = request.readTrail;
  if (!ctx || !keptAs || !trail) return;
  // The key's own row counts among the reads: a change to the key ends the answer too.
  trail.saw(cacheTags.apiKey(keptAs.keyHash), keptAs.keyGeneration);
  const headers: Record<string, string> = {};
  for (const name of ["content-type", "cache-control"]) {
    const value = reply.getHeader(name);
    if (typeof value === "string") headers[name] = value;
  }
  const { body, etag } = answer;
  memo.keep(
    keptAs.keyHash,
    keptAs.target,
    trail,
    { body, length: Buffer.byteLength(body), etag, headers, route: routeLabel(request) },
    ctx.response.changesAt ?? null,
    services.now().getTime(),
  );
}
