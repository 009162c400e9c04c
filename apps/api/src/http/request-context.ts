import type { FastifyRequest } from "fastify";

import { createContext, type Context, type Services } from "../trpc/context.ts";

export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The procedures' context from an HTTP request, for REST and /trpc alike. */
export function contextFromRequest(services: Services, req: FastifyRequest): Context {
  return createContext(services, {
    requestId: req.id,
    caller: req.caller,
    idempotencyKey: headerValue(req.headers["idempotency-key"]),
    origin: headerValue(req.headers.origin),
  });
}
