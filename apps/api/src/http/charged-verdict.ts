import type { IncomingMessage } from "node:http";

import type { RateLimitVerdict } from "./rate-limit.ts";

const verdicts = new WeakMap<IncomingMessage, RateLimitVerdict>();

/**
 * The rate limit's verdict on a request that the kept-answer edge charged and then left to
 * Fastify, so that the REST edge answers by it instead of charging the caller a second time.
 */
export const chargedVerdict = {
  record(req: IncomingMessage, verdict: RateLimitVerdict): void {
    verdicts.set(req, verdict);
  },
  of(req: IncomingMessage): RateLimitVerdict | undefined {
    return verdicts.get(req);
  },
};
