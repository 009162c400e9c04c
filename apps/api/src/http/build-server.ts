import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { createRequire } from "node:module";
import { dirname } from "node:path";

import fastifyStatic from "@fastify/static";
import { TRPCError } from "@trpc/server";
import { fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from "fastify";

import { AnswerMemo } from "../cache/answer-memo.ts";
import type { ApiEnv } from "../env.ts";
import { OCTO_PREFIX, octoPlugin } from "../octo/octo-plugin.ts";
import { describeFrameworkError } from "../problems/framework-errors.ts";
import { problem } from "../problems/problem.ts";
import { retryAfterHeader, TooManyRequestsError } from "../problems/too-many-requests.ts";
import { appRouter } from "../trpc/app-router.ts";
import type { Context, Services } from "../trpc/context.ts";
import { checkBody, unsupportedBodyEncoding } from "./body-encoding.ts";
import { clientAddress, proxyTrust } from "./client-address.ts";
import { answerClientError } from "./client-error.ts";
import { registerCompression } from "./compression.ts";
import { ConnectionDrain } from "./connection-drain.ts";
import { docsPage } from "./docs-page.ts";
import { jsonBodyReader, parseJsonBodies } from "./json-body.ts";
import { keptAnswerEdge } from "./kept-answer-edge.ts";
import { normalizeMediaType } from "./media-type.ts";
import { metricsRoute } from "./metrics-route.ts";
import { normalizePath } from "./normalize-path.ts";
import { openApiDocument } from "./openapi-document.ts";
import { paymentWebhookPlugin } from "./payment-webhook.ts";
import { problemPage } from "./problem-page.ts";
import { rateLimitKey, type RateLimitVerdict } from "./rate-limit.ts";
import { contextFromRequest } from "./request-context.ts";
import { trpcRequestCost } from "./request-cost.ts";
import { RequestLog } from "./request-log.ts";
import { pathOf } from "./request-path.ts";
import { restPlugin, unmatchedRoute } from "./rest-plugin.ts";
import { REST_PREFIX } from "./rest-prefix.ts";
import { routeLabel } from "./route-label.ts";
import { sendProblem } from "./send-problem.ts";
import { serverFactory } from "./server-factory.ts";
import { trpcBodyError } from "./trpc-body-error.ts";

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
}

const swaggerUiAssets = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
export const BODY_LIMIT = 64 * 1024;
/** A usage batch (contract section 13) may be larger: 1,000 entries. */
export const BATCH_BODY_LIMIT = 1024 * 1024;
const BATCH_PATH = "/api/v2/usage/meters/batch";
/** Longest request target answered; longer is 414 (the longest real one, a batch of 25 calls, is far shorter). */
export const MAX_URL_LENGTH = 8 * 1024;
/** Calls in one /trpc batch; the console's batch link sends at most as many. */
export const MAX_TRPC_BATCH = 25;

/** A request's id: the client's X-Request-Id when it is a plain token, a new UUID otherwise. */
function requestId(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
}

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const { env, services } = options;
  const trust = proxyTrust(env.TRUST_PROXY);
  const memo = env.KEPT_ANSWERS === "off" ? null : new AnswerMemo(services.cache, {}, () => services.now().getTime());
  const drain = new ConnectionDrain(options.drainGraceMs);
  const keptAnswers = memo
    ? keptAnswerEdge({
        memo,
        services,
        rateLimit: options.rateLimit,
        clientAddress: (req) => clientAddress(req, trust),
        requestId,
        drain,
        log: () => app.log,
        maxUrlLength: MAX_URL_LENGTH,
      })
    : null;
  const app: FastifyInstance = Fastify({
    serverFactory: serverFactory(keptAnswers, drain, () => app.log),
    // An over-long target is left for the 414 below, before any work is spent on it.
    rewriteUrl: (req) => {
      const url = req.url ?? "/";
      return url.length > MAX_URL_LENGTH ? url : normalizePath(url);
    },
    trustProxy: trust,
    // The largest any path takes; each path's own limit is checked as its body is read.
    bodyLimit: BATCH_BODY_LIMIT,
    // A /trpc batch names its procedures in one path segment: 25 of them fit, a longer one is 414.
    routerOptions: { maxParamLength: 2048 },
    // Fastify's own 503 while closing is plain JSON; the root hook below answers a problem.
    return503OnClosing: false,
    requestIdHeader: false,
    genReqId: requestId,
    logger: {
      level: env.LOG_LEVEL,
      redact: ["req.headers.authorization"],
      ...(env.prettyLogs
        ? { transport: { target: "pino-pretty", options: { ignore: "pid,hostname", singleLine: true } } }
        : {}),
    },
    logController: new RequestLog(),
    clientErrorHandler: answerClientError(env.PROBLEMS_BASE),
    // Raised by the router before any hook runs, e.g. for a path with broken percent-encoding.
    frameworkErrors: (error, request, reply) => {
      void reply.header("X-Request-Id", request.id);
      void sendProblem(request, reply, env.PROBLEMS_BASE, describeFrameworkError(error));
    },
  });

  await registerCompression(app);
  parseJsonBodies(app);

  // Node closes idle keep-alive sockets when the server closes, but not the ones busy with a
  // request then: the drain ends those once their last answer is sent, and cuts the ones whose
  // requests never complete.
  app.addHook("preClose", (done) => {
    drain.begin();
    done();
  });
  app.addHook("onClose", (_app, done) => {
    drain.end();
    done();
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    if (drain.closesConnection(request.raw)) void reply.header("Connection", "close");
    done(null, payload);
  });

  app.decorateRequest("originalPath", "");
  app.addHook("onRequest", async (request, reply) => {
    request.originalPath = pathOf(request.url);
    void reply.header("X-Request-Id", request.id);
    if (drain.closing) {
      return sendProblem(
        request,
        reply,
        env.PROBLEMS_BASE,
        problem("unavailable", "This API process is shutting down: send the request again, another one will answer it"),
      );
    }
    if (request.url.length > MAX_URL_LENGTH) {
      return sendProblem(
        request,
        reply,
        env.PROBLEMS_BASE,
        problem("uri-too-long", `The request target is longer than ${MAX_URL_LENGTH} characters`),
      );
    }
    const contentType = request.headers["content-type"];
    if (contentType) request.headers["content-type"] = normalizeMediaType(contentType);
    const refusal = unsupportedBodyEncoding(request.headers);
    if (refusal) return sendProblem(request, reply, env.PROBLEMS_BASE, refusal);
  });
  app.addHook("preParsing", async (request, _reply, payload) =>
    request.headers["content-type"]
      ? checkBody(payload, request.originalPath.toLowerCase() === BATCH_PATH ? BATCH_BODY_LIMIT : BODY_LIMIT)
      : payload,
  );

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const description = describeFrameworkError(error);
    if (description.status >= 500) request.log.error({ err: error }, "request failed");
    return sendProblem(request, reply, env.PROBLEMS_BASE, description);
  });
  app.setNotFoundHandler((request, reply) => {
    const { description, headers } = unmatchedRoute(request.originalPath);
    return sendProblem(request, reply, env.PROBLEMS_BASE, description, headers);
  });

  const { metrics } = options.services;
  app.addHook("onResponse", async (request, reply) => {
    metrics.request(routeLabel(request), request.method, reply.statusCode, reply.elapsedTime / 1000);
  });
  metricsRoute(app, { metrics, token: env.METRICS_TOKEN, problemsBase: env.PROBLEMS_BASE });

  app.get("/healthz", (_request, reply) => reply.send({ status: "ok" }));
  app.get("/readyz", async (request, reply) => {
    try {
      const detail = await options.ready();
      return { status: "ready", ...detail };
    } catch (error) {
      request.log.warn({ err: error }, "database not reachable");
      return sendProblem(request, reply, env.PROBLEMS_BASE, problem("unavailable", "The database cannot be reached"));
    }
  });
  app.get<{ Params: { kind: string } }>("/problems/:kind", async (request, reply) => {
    const page = problemPage(request.params.kind);
    if (!page)
      return sendProblem(
        request,
        reply,
        env.PROBLEMS_BASE,
        problem("not-found", `There is no problem type ${request.params.kind}`),
      );
    return reply.type("text/html; charset=utf-8").send(page);
  });

  const document = openApiDocument(`${env.PUBLIC_BASE_URL.replace(/\/$/, "")}${REST_PREFIX}`);
  await app.register(fastifyStatic, {
    root: swaggerUiAssets,
    prefix: `${REST_PREFIX}/docs/assets/`,
    decorateReply: false,
    index: false,
  });
  app.get(`${REST_PREFIX}/openapi.json`, (_request, reply) => reply.send(document));
  app.get(`${REST_PREFIX}/docs`, (_request, reply) =>
    reply.type("text/html; charset=utf-8").send(docsPage(`${REST_PREFIX}/openapi.json`, `${REST_PREFIX}/docs/assets`)),
  );

  await app.register(paymentWebhookPlugin, {
    services: options.services,
    problemsBase: env.PROBLEMS_BASE,
    rateLimit: options.rateLimit,
  });
  await app.register(restPlugin, {
    services: options.services,
    problemsBase: env.PROBLEMS_BASE,
    rateLimit: options.rateLimit,
    memo,
    earlyRefusals: env.EARLY_REFUSALS !== "off",
  });
  await app.register(octoPlugin, {
    prefix: OCTO_PREFIX,
    services: options.services,
    rateLimit: options.rateLimit,
    publicBaseUrl: env.PUBLIC_BASE_URL,
  });
  if (memo) {
    services.metrics.watchKeptAnswers(memo);
    app.addHook("onClose", () => {
      memo.close();
    });
  }
  const readJson = jsonBodyReader(app);
  await app.register(fastifyTRPCPlugin, {
    prefix: "/trpc",
    trpcOptions: {
      router: appRouter,
      maxBatchSize: MAX_TRPC_BATCH,
      createContext: async ({ req }: { req: FastifyRequest }) => {
        const context = contextFromRequest(options.services, req);
        // Every call of a batch counts, and every caller's address budget bounds it: a made-up
        // key or cookie must not buy an anonymous caller a fresh budget of its own.
        const calls = trpcRequestCost(req.url);
        const address = `ip:${context.clientAddress}`;
        const caller = rateLimitKey({
          authorization: context.authorization,
          sessionToken: context.sessionToken,
          address: context.clientAddress,
        });
        const verdicts = await Promise.all(
          [address, ...(caller === address ? [] : [caller])].map((key) => options.rateLimit(key, calls)),
        );
        const verdict = verdicts.find((v) => !v.allowed);
        if (verdict) {
          const cause = new TooManyRequestsError(
            "Over this caller's rate limit",
            Number(verdict.headers["Retry-After"] ?? 1),
          );
          throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: cause.message, cause });
        }
        // tRPC's plugin reads its bodies as text with a parser of its own, which keeps __proto__
        // as data and rounds long numbers: the root parser's reading is made here first, so a
        // body REST refuses is refused here in the same words (tRPC parses it again after: 0.25 ms
        // for a 45 KB batch of 400 entries). An empty body is left to tRPC: a call without input may send none.
        // Queries' `?input=` is not read here: they store nothing.
        const reading = typeof req.body === "string" && req.body !== "" ? readJson(req, req.body) : undefined;
        if (reading && "error" in reading) throw trpcBodyError(reading.error);
        return context;
      },
      responseMeta: ({ ctx, errors }: { ctx?: Context; errors: readonly unknown[] }) => ({
        headers: { ...ctx?.response.headers, ...retryAfterHeader(errors) },
      }),
    },
  });
  return app;
}
