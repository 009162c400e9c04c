import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import fastifyStatic from "@fastify/static";
import { fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from "fastify";
import type { ApiEnv } from "../env.ts";
import type { Context, Services } from "../trpc/context.ts";
import { appRouter } from "../trpc/app-router.ts";
import { describeFrameworkError } from "./framework-errors.ts";
import { docsPage } from "./docs-page.ts";
import { openApiDocument } from "./openapi-document.ts";
import { problemPage } from "./problem-page.ts";
import { pathOf } from "./request-path.ts";
import { contextFromRequest } from "./request-context.ts";
import { REST_PREFIX, restPlugin, unmatchedRoute } from "./rest-plugin.ts";
import type { RateLimitVerdict } from "./rate-limit.ts";
import { sendProblem } from "./send-problem.ts";

export interface ServerOptions {
  services: Services;
  env: Pick<ApiEnv, "LOG_LEVEL" | "PUBLIC_BASE_URL" | "PROBLEMS_BASE">;
  rateLimit: (key: string) => Promise<RateLimitVerdict>;
  /** Pings the database, for /readyz. */
  ready: () => Promise<void>;
}

const swaggerUiAssets = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
export const BODY_LIMIT = 64 * 1024;

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const { env } = options;
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    return503OnClosing: true,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    },
    logger: { level: env.LOG_LEVEL, redact: ["req.headers.authorization"] },
    // Raised by the router before any hook runs, e.g. for a path with broken percent-encoding.
    frameworkErrors: (error, request, reply) => {
      void reply.header("X-Request-Id", request.id);
      const description = error.code === "FST_ERR_BAD_URL"
        ? { status: 400, kind: "invalid-parameter", detail: "The path is not a valid URL: it has broken percent-encoding", extra: {} }
        : describeFrameworkError(error);
      void sendProblem(request, reply, env.PROBLEMS_BASE, description);
    },
  });

  // Node closes idle keep-alive sockets when the server closes, but not the ones busy with a
  // request then: answering those with `Connection: close` lets shutdown finish right after them.
  let closing = false;
  app.addHook("preClose", (done) => {
    closing = true;
    done();
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (closing) void reply.header("Connection", "close");
    done(null, payload);
  });

  app.decorateRequest("originalPath", "");
  app.addHook("onRequest", async (request, reply) => {
    request.originalPath = pathOf(request.url);
    void reply.header("X-Request-Id", request.id);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const description = describeFrameworkError(error);
    if (description.status >= 500) request.log.error({ err: error }, "request failed");
    return sendProblem(request, reply, env.PROBLEMS_BASE, description);
  });
  app.setNotFoundHandler((request, reply) => {
    const { description, headers } = unmatchedRoute(request.originalPath);
    return sendProblem(request, reply, env.PROBLEMS_BASE, description, headers);
  });

  app.get("/healthz", (_request, reply) => reply.send({ status: "ok" }));
  app.get("/readyz", async (request, reply) => {
    try {
      await options.ready();
      return { status: "ready" };
    } catch (error) {
      request.log.warn({ err: error }, "database not reachable");
      return sendProblem(request, reply, env.PROBLEMS_BASE, { status: 503, kind: "unavailable", detail: "The database cannot be reached", extra: {} });
    }
  });
  app.get<{ Params: { kind: string } }>("/problems/:kind", async (request, reply) => {
    const page = problemPage(request.params.kind);
    if (!page) return sendProblem(request, reply, env.PROBLEMS_BASE, { status: 404, kind: "not-found", detail: `There is no problem type ${request.params.kind}`, extra: {} });
    return reply.type("text/html; charset=utf-8").send(page);
  });

  const document = openApiDocument(`${env.PUBLIC_BASE_URL.replace(/\/$/, "")}${REST_PREFIX}`);
  await app.register(fastifyStatic, { root: swaggerUiAssets, prefix: `${REST_PREFIX}/docs/assets/`, decorateReply: false, index: false });
  app.get(`${REST_PREFIX}/openapi.json`, (_request, reply) => reply.send(document));
  app.get(`${REST_PREFIX}/docs`, (_request, reply) => reply.type("text/html; charset=utf-8").send(docsPage(`${REST_PREFIX}/openapi.json`, `${REST_PREFIX}/docs/assets`)));

  await app.register(restPlugin, { services: options.services, problemsBase: env.PROBLEMS_BASE, rateLimit: options.rateLimit });
  await app.register(fastifyTRPCPlugin, {
    prefix: "/trpc",
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }: { req: FastifyRequest }) => contextFromRequest(options.services, req),
      responseMeta: ({ ctx }: { ctx?: Context }) => ({ headers: ctx?.response.headers ?? {} }),
    },
  });
  return app;
}
