import { createRequire } from "node:module";
import { dirname } from "node:path";

import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

import type { ApiMetrics } from "../metrics/api-metrics.ts";
import { problem } from "../problems/problem.ts";
import { docsPage } from "./docs-page.ts";
import { metricsRoute } from "./metrics-route.ts";
import { openApiDocument } from "./openapi-document.ts";
import { problemPage } from "./problem-page.ts";
import { REST_PREFIX } from "./rest-prefix.ts";
import { sendProblem } from "./send-problem.ts";

const swaggerUiAssets = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

export interface InfoRouteOptions {
  problemsBase: string;
  publicBaseUrl: string;
  metrics: ApiMetrics;
  metricsToken: string | undefined;
  /** Pings the database, for /readyz; what it returns is added to the answer. */
  ready: () => Promise<object>;
}

/** The routes about the API rather than of it: health, metrics, problem pages, the OpenAPI document and its reference page. */
export async function registerInfoRoutes(app: FastifyInstance, options: InfoRouteOptions): Promise<void> {
  const { problemsBase } = options;
  metricsRoute(app, { metrics: options.metrics, token: options.metricsToken, problemsBase });

  app.get("/healthz", (_request, reply) => reply.send({ status: "ok" }));
  app.get("/readyz", async (request, reply) => {
    try {
      const detail = await options.ready();
      return { status: "ready", ...detail };
    } catch (error) {
      request.log.warn({ err: error }, "database not reachable");
      return sendProblem(request, reply, problemsBase, problem("unavailable", "The database cannot be reached"));
    }
  });
  app.get<{ Params: { kind: string } }>("/problems/:kind", async (request, reply) => {
    const page = problemPage(request.params.kind);
    if (!page) {
      const detail = `There is no problem type ${request.params.kind}`;
      return sendProblem(request, reply, problemsBase, problem("not-found", detail));
    }
    return reply.type("text/html; charset=utf-8").send(page);
  });

  const document = openApiDocument(`${options.publicBaseUrl.replace(/\/$/, "")}${REST_PREFIX}`);
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
}
