import type { IncomingMessage, ServerResponse } from "node:http";

import type { FastifyBaseLogger } from "fastify";

import { isApiKeyFormat } from "@slotwise/core";
import { hashApiKey } from "@slotwise/db";

import { bearerToken } from "../auth/bearer-token.ts";
import type { AnswerMemo } from "../cache/answer-memo.ts";
import type { Services } from "../trpc/context.ts";
import { COMPRESSION_THRESHOLD } from "./compression.ts";
import { matchesIfNoneMatch } from "./conditional-get.ts";
import { edgePrincipal } from "./edge-principal.ts";
import { normalizePath } from "./normalize-path.ts";
import { keyBudget, type RateLimitVerdict } from "./rate-limit.ts";
import { headerValue } from "./request-context.ts";
import { logCompleted, roundedMs, writes } from "./request-log.ts";

declare module "node:http" {
  interface IncomingMessage {
    /** The rate limit's verdict when the kept-answer edge charged it and then left the request to Fastify. */
    chargedVerdict?: RateLimitVerdict;
  }
}

export interface KeptAnswerEdgeOptions {
  memo: AnswerMemo;
  services: Services;
  rateLimit: (key: string, cost?: number) => Promise<RateLimitVerdict>;
  /** The client's address, as Fastify's `request.ip` has it (TRUST_PROXY). */
  clientAddress: (req: IncomingMessage) => string;
  /** The request's id, as Fastify's `genReqId` makes it. */
  requestId: (req: IncomingMessage) => string;
  /** Whether the server is closing: Fastify then answers 503, or closes the connection after. */
  closing: () => boolean;
  log: FastifyBaseLogger;
  maxUrlLength: number;
}

/**
 * A repeated partner poll answered from its kept answer (`AnswerMemo`) before Fastify routes
 * it: no request and reply objects, child logger or hook chain, which cost the API twice the
 * CPU of the answer itself (docs/benchmarks.md). It answers as the REST edge would, with the
 * same headers, ETag and 304, rate limit, key check, metrics and log line, and only where
 * nothing else of the edge would act: a GET with no body, not being compressed, while the
 * server is open. Anything else (no kept answer, a bad or blocked key, an over-limit caller,
 * a compressible answer) is left to Fastify, which answers it as it always does; the rate
 * limit, once charged here, travels with the request (`chargedVerdict`) so that it is not
 * charged twice.
 */
export function keptAnswerEdge(options: KeptAnswerEdgeOptions) {
  const { memo, services } = options;
  return async function serve(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const started = performance.now();
    const url = req.url ?? "/";
    if (req.method !== "GET" || options.closing() || url.length > options.maxUrlLength || hasBody(req)) return false;
    const token = bearerToken(headerValue(req.headers.authorization));
    if (!token || !isApiKeyFormat(token)) return false;
    const keyHash = hashApiKey(token);
    const kept = memo.find(keyHash, normalizePath(url), services.now().getTime());
    // Fastify's compression would act on a larger one, by the client's Accept-Encoding.
    if (!kept || kept.length >= COMPRESSION_THRESHOLD) return false;
    const verdict = await options.rateLimit(keyBudget(keyHash));
    req.chargedVerdict = verdict;
    if (!verdict.allowed || !(await edgePrincipal(services, options.clientAddress(req), token))) return false;

    const id = options.requestId(req);
    const { log } = options;
    if (writes(log, "debug")) log.debug({ reqId: id, method: "GET", url }, "incoming request");
    const headers: Record<string, string | number> = { "x-request-id": id };
    for (const [name, value] of Object.entries(verdict.headers)) headers[name.toLowerCase()] = value;
    const unchanged = matchesIfNoneMatch(headerValue(req.headers["if-none-match"]), kept.etag);
    for (const [name, value] of Object.entries(kept.headers)) {
      if (!(unchanged && name === "content-type")) headers[name] = value;
    }
    headers.etag = kept.etag;
    headers["content-length"] = unchanged ? 0 : kept.length;
    const status = unchanged ? 304 : 200;
    res.writeHead(status, headers);
    res.end(unchanged ? undefined : kept.body);
    const elapsedMs = performance.now() - started;
    services.metrics.keptAnswerServed();
    services.metrics.request(kept.route, "GET", status, elapsedMs / 1000);
    if (writes(log, "info")) {
      logCompleted(log.child({ reqId: id }), null, {
        method: "GET",
        route: kept.route,
        statusCode: status,
        durationMs: roundedMs(elapsedMs),
      });
    }
    return true;
  };
}

/** A request that carries a body, or says it does: the edge's body checks are Fastify's. */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return (
    (length !== undefined && length !== "0") ||
    req.headers["transfer-encoding"] !== undefined ||
    req.headers["content-type"] !== undefined ||
    req.headers["content-encoding"] !== undefined
  );
}
