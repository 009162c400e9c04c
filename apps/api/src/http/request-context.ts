import type { FastifyRequest } from "fastify";

import { createContext, type Context, type Services } from "../trpc/context.ts";
import { sessionTokenFrom } from "./session-cookie.ts";

export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The procedures' context from an HTTP request, for REST and /trpc alike. */
export function contextFromRequest(services: Services, req: FastifyRequest): Context {
  return createContext(services, {
    requestId: req.id,
    authorization: headerValue(req.headers.authorization),
    idempotencyKey: headerValue(req.headers["idempotency-key"]),
    sessionToken: sessionTokenFrom(headerValue(req.headers.cookie)),
    origin: headerValue(req.headers.origin),
    clientAddress: req.ip,
    // Set only on the REST routes, by the early refusal.
    handedTurn: req.handedTurn,
  });
}
