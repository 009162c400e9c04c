import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

import Fastify, { type FastifyInstance } from "fastify";

import { AnswerMemo } from "../cache/answer-memo.ts";
import type { ApiEnv } from "../env.ts";
import { keptAnswerEdge } from "../fast-paths/kept-answer-edge.ts";
import { OCTO_PREFIX, octoPlugin } from "../octo/octo-plugin.ts";
import { toProblem } from "../problems/to-problem.ts";
import type { Services } from "../trpc/context.ts";
import { proxyTrust } from "./client-address.ts";
import { answerClientError } from "./client-error.ts";
import { registerCompression } from "./compression.ts";
import { ConnectionDrain } from "./connection-drain.ts";
import { BATCH_BODY_LIMIT, MAX_URL_LENGTH, registerEdgeHooks } from "./edge-hooks.ts";
import { createGate } from "./gate.ts";
import { registerInfoRoutes } from "./info-routes.ts";
import { parseJsonBodies } from "./json-body.ts";
import { normalizePath } from "./normalize-path.ts";
import { paymentWebhookPlugin } from "./payment-webhook.ts";
import type { RateLimitVerdict } from "./rate-limit.ts";
import { RequestLog } from "./request-log.ts";
import { restPlugin } from "./rest-plugin.ts";
import { sendProblem } from "./send-problem.ts";
import { serverFactory } from "./server-factory.ts";
import { ticketPages } from "./ticket-pages.ts";
import { registerTrpc } from "./trpc-plugin.ts";

export { BATCH_BODY_LIMIT, BODY_LIMIT, MAX_URL_LENGTH } from "./edge-hooks.ts";
export { MAX_TRPC_BATCH } from "./trpc-plugin.ts";

export interface ServerOptions {
  services: Services;
  env: Pick<ApiEnv, "LOG_LEVEL" | "PUBLIC_BASE_URL" | "PROBLEMS_BASE" | "TRUST_PROXY" | "METRICS_TOKEN"> & {
    /** Whether repeated partner GETs may be answered from kept answers (`KEPT_ANSWERS`, on unless said). */
    KEPT_ANSWERS?: "on" | "off";
    /** Whether bookings the cached timeslot refuses are answered before tRPC (`EARLY_REFUSALS`, on unless said). */
    EARLY_REFUSALS?: "on" | "off";
    /** Human-readable log lines (`pnpm dev`); JSON lines otherwise. */
    prettyLogs?: boolean;
  };
  rateLimit: (key: string, cost?: number) => Promise<RateLimitVerdict>;
  /** Pings the database, for /readyz; what it returns is added to the answer. */
  ready: () => Promise<object>;
  /** How long requests in flight may take once shutdown begins (`DRAIN_GRACE_MS` unless said). */
  drainGraceMs?: number;
  /** Where log lines go instead of standard output (a test reads them). */
  logStream?: { write: (line: string) => void };
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A request's id: the client's X-Request-Id when it is a plain token, a new UUID otherwise. */
function requestId(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
}

/** The API's HTTP server: one plugin or function per concern, in the order a request meets them. */
export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const { env, services } = options;
  const problemsBase = env.PROBLEMS_BASE;
  const trust = proxyTrust(env.TRUST_PROXY);
  const memo = env.KEPT_ANSWERS === "off" ? null : new AnswerMemo(services.cache, {}, () => services.now().getTime());
  const drain = new ConnectionDrain(options.drainGraceMs);
  const gate = createGate({ services, trust, rateLimit: options.rateLimit, problemsBase });
  const log = () => app.log;
  const keptAnswers = memo
    ? keptAnswerEdge({ memo, services, gate, requestId, drain, log, maxUrlLength: MAX_URL_LENGTH })
    : null;
  const app: FastifyInstance = Fastify({
    serverFactory: serverFactory(keptAnswers, drain, log),
    // An over-long target is left for the 414 (edge-hooks.ts), before any work is spent on it.
    rewriteUrl: (req) => {
      const url = req.url ?? "/";
      return url.length > MAX_URL_LENGTH ? url : normalizePath(url);
    },
    trustProxy: trust,
    // The largest any path takes; each path's own limit is checked as its body is read.
    bodyLimit: BATCH_BODY_LIMIT,
    // A /trpc batch names its procedures in one path segment: 25 of them fit, a longer one is 414.
    routerOptions: { maxParamLength: 2048 },
    // Fastify's own 503 while closing is plain JSON; the edge hooks answer a problem.
    return503OnClosing: false,
    requestIdHeader: false,
    genReqId: requestId,
    logger: {
      level: env.LOG_LEVEL,
      redact: ["req.headers.authorization"],
      ...(options.logStream ? { stream: options.logStream } : {}),
      ...(env.prettyLogs
        ? { transport: { target: "pino-pretty", options: { ignore: "pid,hostname", singleLine: true } } }
        : {}),
    },
    logController: new RequestLog(),
    clientErrorHandler: answerClientError(problemsBase),
    // Raised by the router before any hook runs, e.g. for a path with broken percent-encoding.
    frameworkErrors: (error, request, reply) => {
      void reply.header("X-Request-Id", request.id);
      void sendProblem(request, reply, problemsBase, toProblem(error, "framework"));
    },
  });

  await registerCompression(app);
  parseJsonBodies(app);
  registerEdgeHooks(app, { problemsBase, drain, metrics: services.metrics });
  // After the edge hooks: a request they refuse is charged nothing.
  await app.register(gate.plugin);
  await registerInfoRoutes(app, {
    problemsBase,
    publicBaseUrl: env.PUBLIC_BASE_URL,
    metrics: services.metrics,
    metricsToken: env.METRICS_TOKEN,
    ready: options.ready,
  });
  ticketPages(app, services.db, services.now, problemsBase);
  await app.register(paymentWebhookPlugin, { services, problemsBase });
  await app.register(restPlugin, { services, problemsBase, memo, earlyRefusals: env.EARLY_REFUSALS !== "off" });
  await app.register(octoPlugin, {
    prefix: OCTO_PREFIX,
    services,
    publicBaseUrl: env.PUBLIC_BASE_URL,
  });
  if (memo) {
    services.metrics.watchKeptAnswers(memo);
    app.addHook("onClose", () => {
      memo.close();
    });
  }
  await registerTrpc(app, services);
  return app;
}
