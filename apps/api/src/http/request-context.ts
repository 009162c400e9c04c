import type { FastifyRequest } from "fastify";

import type { CacheReads } from "../cache/read-trail.ts";
import { createContext, type Context, type Services } from "../trpc/context.ts";

export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The procedures' context from an HTTP request, for REST and /trpc alike; `reads` instead of the shared cache's own. */
export function contextFromRequest(services: Services, req: FastifyRequest, reads?: CacheReads): Context {
  return createContext(services, {
    requestId: req.id,
    caller: req.caller,
    idempotencyKey: headerValue(req.headers["idempotency-key"]),
    origin: headerValue(req.headers.origin),
    reads,
  });
}
