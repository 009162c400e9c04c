import type { IncomingMessage, ServerResponse } from "node:http";

import type { FastifyBaseLogger } from "fastify";

import { isApiKeyFormat } from "@slotwise/core";
import { hashApiKey } from "@slotwise/db";

import type { AnswerMemo } from "../cache/answer-memo.ts";
import { COMPRESSION_THRESHOLD } from "../http/compression.ts";
import { matchesIfNoneMatch } from "../http/conditional-get.ts";
import type { ConnectionDrain } from "../http/connection-drain.ts";
import type { Gate } from "../http/gate.ts";
import { normalizePath } from "../http/normalize-path.ts";
import { headerValue } from "../http/request-context.ts";
import { logCompleted, logsAt, roundedMs } from "../http/request-log.ts";
import type { Services } from "../trpc/context.ts";
import { keptAnswerFor } from "./kept-answer-for.ts";

export interface KeptAnswerEdgeOptions {
  memo: AnswerMemo;
  services: Services;
  /** Who the caller is and what it is charged, shared with the routes (http/gate.ts). */
  gate: Pick<Gate, "caller" | "chargeRest">;
  /** The request's id, as Fastify's `genReqId` makes it. */
  requestId: (req: IncomingMessage) => string;
  /** Whether the server is closing (the router then answers 503), and whether an answer closes its connection. */
  drain: Pick<ConnectionDrain, "closing" | "closesConnection">;
  /** The server's logger (the edge answers before Fastify has made the request's own). */
  log: () => FastifyBaseLogger;
  /** Longer targets are Fastify's to refuse (414). */
  maxUrlLength: number;
}

/** Answers a request from its kept answer and says so, or leaves it untouched and says not. */
export type KeptAnswerServe = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

/**
 * A repeated partner poll answered from its kept answer (`AnswerMemo`) before Fastify routes
 * it. Through Fastify a kept answer costs request and reply objects, a child logger, and the
 * root and REST hook chains, which outweigh the answer itself. Here it answers as the REST edge would, with the same headers, ETag and
 * 304, rate limit, key check, metrics and log line, and only where nothing else of the edge
 * would act: a GET with no body, an answer too small to compress, while the server is open.
 * Anything else (no kept answer, a bad or blocked key, an over-limit caller, an answer to
 * compress, an error) is left to Fastify, which answers it as it always does; the gate keeps
 * the caller and the charge made here for it, so neither is made twice.
 */
export function keptAnswerEdge(options: KeptAnswerEdgeOptions): KeptAnswerServe {
  const { memo, services } = options;
  return async function serve(req, res) {
    const started = performance.now();
    const url = req.url ?? "/";
    if (req.method !== "GET" || options.drain.closing || url.length > options.maxUrlLength || saysItHasABody(req)) {
      return false;
    }
    const caller = options.gate.caller(req);
    const token = caller.token;
    if (!token || !isApiKeyFormat(token)) return false;
    const keyHash = hashApiKey(token);
    const target = normalizePath(url);
    const candidate = memo.find(keyHash, target, services.now().getTime());
    // Fastify's compression acts on a larger answer, by the client's Accept-Encoding.
    if (!candidate || candidate.length >= COMPRESSION_THRESHOLD) return false;

    let kept;
    let id;
    try {
      const verdict = await options.gate.chargeRest(req, target);
      if (!verdict.allowed) return false;
      kept = await keptAnswerFor(memo, services, { caller, keyHash, target });
      if (!kept) return false;
      // The headers' order is the router's: the request's id, the rate limit, the answer's own, the ETag.
      id = options.requestId(req);
      const headers: Record<string, string | number> = { "x-request-id": id };
      for (const [name, value] of Object.entries(verdict.headers)) headers[name.toLowerCase()] = value;
      const unchanged = matchesIfNoneMatch(headerValue(req.headers["if-none-match"]), kept.etag);
      for (const [name, value] of Object.entries(kept.headers)) {
        if (!(unchanged && name === "content-type")) headers[name] = value;
      }
      headers.etag = kept.etag;
      headers["content-length"] = unchanged ? 0 : kept.length;
      // Closing began while this waited: the router would say so too, and the client must not come back on it.
      if (options.drain.closesConnection(req)) headers.connection = "close";
      res.writeHead(unchanged ? 304 : 200, headers);
      res.end(unchanged ? undefined : kept.body);
    } catch (error) {
      // A limiter or database that fails is the router's to answer and to log, as without this edge.
      if (res.headersSent) throw error;
      return false;
    }
    finished(options, kept, res.statusCode, id, performance.now() - started);
    return true;
  };
}

/** What the router counts and logs of an answer once it is sent. */
function finished(options: KeptAnswerEdgeOptions, kept: { route: string }, status: number, id: string, ms: number) {
  const { metrics } = options.services;
  metrics.keptAnswerServed();
  metrics.request(kept.route, "GET", status, ms / 1000);
  const log = options.log();
  if (logsAt(log, "info")) {
    logCompleted(log, null, { method: "GET", route: kept.route, statusCode: status, durationMs: roundedMs(ms) }, id);
  }
}

/**
 * A request that carries a body or a header about one: Fastify reads, limits and refuses
 * bodies (415 for an encoding, 413 for a size), so such a request is left to it.
 */
function saysItHasABody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return (
    (length !== undefined && length !== "0") ||
    req.headers["transfer-encoding"] !== undefined ||
    req.headers["content-type"] !== undefined ||
    req.headers["content-encoding"] !== undefined
  );
}
