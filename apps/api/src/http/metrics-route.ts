import { createHash, timingSafeEqual } from "node:crypto";

import type { FastifyInstance } from "fastify";

import type { ApiMetrics } from "../metrics/api-metrics.ts";
import { problem } from "../problems/problem.ts";
import { sendProblem } from "./send-problem.ts";

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * `GET /metrics` in Prometheus' text format, on the API's own port, for a scraper that sends
 * `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN it does not exist (404): the
 * figures (routes, volumes, the outbox) are not for the partners who reach this port.
 */
export function metricsRoute(
  app: FastifyInstance,
  options: { metrics: ApiMetrics; token: string | undefined; problemsBase: string },
): void {
  const expected = options.token === undefined ? undefined : digest(`Bearer ${options.token}`);
  app.get("/metrics", async (request, reply) => {
    if (!expected) {
      return sendProblem(request, reply, options.problemsBase, problem("not-found", "There is nothing at /metrics"));
    }
    // Compared as digests of equal length, in constant time: the answer says nothing of how close a guess was.
    const given = digest(request.caller.authorization ?? "");
    if (!timingSafeEqual(given, expected)) {
      return sendProblem(
        request,
        reply,
        options.problemsBase,
        problem("unauthorized", "Send Authorization: Bearer with the metrics token"),
      );
    }
    const { registry } = options.metrics;
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
