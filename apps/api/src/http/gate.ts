import type { IncomingMessage } from "node:http";

import type { FastifyInstance } from "fastify";

import { callerOf, type Caller } from "../auth/caller.ts";
import { sessionTokenFrom } from "../auth/session-cookie.ts";
import { problem } from "../problems/problem.ts";
import type { Services } from "../trpc/context.ts";
import { clientAddress, type ProxyTrust } from "./client-address.ts";
import { rateLimitKey, type RateLimitVerdict } from "./rate-limit.ts";
import { requestCost, trpcRequestCost } from "./request-cost.ts";
import { OCTO_PREFIX, REST_PREFIX } from "./rest-prefix.ts";
import { sendProblem } from "./send-problem.ts";
import { TICKET_PAGE_ROUTE } from "./ticket-pages.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** Who sends the request (auth/caller.ts), read from its headers once. */
    caller: Caller;
    /** The rate limit's verdict on this request, for the routes that draw on a budget. */
    budget: RateLimitVerdict | null;
  }
}

export const PAYMENT_WEBHOOK_PATH = "/api/v2/payments/webhook";
const REST_ROUTE = `${REST_PREFIX}/*`;
const TRPC_ROUTE = "/trpc/:path";

export interface GateOptions {
  services: Services;
  trust: ProxyTrust;
  rateLimit: (key: string, cost?: number) => Promise<RateLimitVerdict>;
  problemsBase: string;
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The one place that reads who a request comes from (`Authorization`, the session cookie, the
 * client's address) and charges its rate budget. Both are kept per request, so the kept-answer
 * edge, which answers before Fastify, and the routes after it share one caller and one charge.
 * Procedures and fast paths only ask the caller for its principal and check scope and partner.
 */
export function createGate(options: GateOptions) {
  const { services, rateLimit } = options;
  const callers = new WeakMap<IncomingMessage, Caller>();
  const charges = new WeakMap<IncomingMessage, Promise<RateLimitVerdict>>();

  function caller(req: IncomingMessage): Caller {
    let found = callers.get(req);
    if (!found) {
      found = callerOf(services, {
        authorization: header(req.headers.authorization),
        sessionToken: sessionTokenFrom(header(req.headers.cookie)),
        address: clientAddress(req, options.trust),
      });
      callers.set(req, found);
    }
    return found;
  }

  function charged(req: IncomingMessage, charge: () => Promise<RateLimitVerdict>): Promise<RateLimitVerdict> {
    let verdict = charges.get(req);
    if (!verdict) {
      verdict = charge();
      charges.set(req, verdict);
      // A limiter that failed charged nothing: the next asker tries again, and answers its failure.
      verdict.catch(() => charges.delete(req));
    }
    return verdict;
  }

  /** A partner REST request: its key's budget (its address's without one), a usage series its points. */
  function chargeRest(req: IncomingMessage, target: string): Promise<RateLimitVerdict> {
    const { authorization, address } = caller(req);
    return charged(req, () => rateLimit(rateLimitKey({ authorization, address }), requestCost(target)));
  }

  /**
   * A /trpc request: every call of a batch counts, and the address's budget bounds every caller
   * from it, so that a made-up key or cookie does not buy an anonymous caller a budget of its own.
   */
  function chargeTrpc(req: IncomingMessage, target: string): Promise<RateLimitVerdict> {
    return charged(req, async () => {
      const { authorization, sessionToken, address } = caller(req);
      const calls = trpcRequestCost(target);
      const byAddress = `ip:${address}`;
      const byCaller = rateLimitKey({ authorization, sessionToken, address });
      const keys = byCaller === byAddress ? [byAddress] : [byAddress, byCaller];
      const verdicts = await Promise.all(keys.map((key) => rateLimit(key, calls)));
      return verdicts.find((v) => !v.allowed) ?? (verdicts[0] as RateLimitVerdict);
    });
  }

  function plugin(app: FastifyInstance, _options: unknown, done: () => void): void {
    app.decorateRequest("caller", null as unknown as Caller);
    app.decorateRequest("budget", null);
    app.addHook("onRequest", async (request, reply) => {
      request.caller = caller(request.raw);
      const route = request.routeOptions.url;
      if (route === TRPC_ROUTE) {
        // Refused by the tRPC context (build-server.ts), in tRPC's own error shape.
        request.budget = await chargeTrpc(request.raw, request.url);
        return;
      }
      if (request.url.startsWith(`${OCTO_PREFIX}/`)) {
        // Refused by the OCTO plugin, in OCTO's error shape.
        request.budget = await chargeRest(request.raw, request.url);
        return;
      }
      const webhook = route === PAYMENT_WEBHOOK_PATH && request.method === "POST";
      // Keyless routes draw on the client address's budget: the ticket page reads the database
      // for any code it is given.
      const byAddress = webhook || route === TICKET_PAGE_ROUTE;
      if (route !== REST_ROUTE && !byAddress) return;
      const verdict = byAddress
        ? await charged(request.raw, () => rateLimit(`ip:${request.caller.address}`))
        : await chargeRest(request.raw, request.url);
      request.budget = verdict;
      void reply.headers(verdict.headers);
      if (verdict.allowed) return;
      const retry = webhook ? "" : `; retry in ${verdict.headers["Retry-After"] ?? "1"} s`;
      return sendProblem(
        request,
        reply,
        options.problemsBase,
        problem("rate-limited", `Over this caller's rate limit${retry}`),
      );
    });
    done();
  }
  (plugin as unknown as Record<symbol, boolean>)[Symbol.for("skip-override")] = true;

  return { caller, chargeRest, plugin };
}

export type Gate = ReturnType<typeof createGate>;
