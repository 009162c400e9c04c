import type { FastifyError, FastifyInstance } from "fastify";

import type { ApiMetrics } from "../metrics/api-metrics.ts";
import { problem } from "../problems/problem.ts";
import { toProblem } from "../problems/to-problem.ts";
import { checkBody, unsupportedBodyEncoding } from "./body-encoding.ts";
import type { ConnectionDrain } from "./connection-drain.ts";
import { normalizeMediaType } from "./media-type.ts";
import { pathOf } from "./request-path.ts";
import { unmatchedRoute } from "./rest-problem.ts";
import { routeLabel } from "./route-label.ts";
import { sendProblem } from "./send-problem.ts";

export const BODY_LIMIT = 64 * 1024;
/** A usage batch (contract section 13) may be larger: 1,000 entries. */
export const BATCH_BODY_LIMIT = 1024 * 1024;
const BATCH_PATH = "/api/v2/usage/meters/batch";
/** Longest request target answered; longer is 414 (the longest real one, a batch of 25 calls, is far shorter). */
export const MAX_URL_LENGTH = 8 * 1024;

export interface EdgeHookOptions {
  problemsBase: string;
  drain: ConnectionDrain;
  metrics: ApiMetrics;
}

/** What every request passes first and last: shutdown, size limits, request ids, errors, metrics. */
export function registerEdgeHooks(app: FastifyInstance, options: EdgeHookOptions): void {
  const { drain, problemsBase } = options;
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
      const detail = "This API process is shutting down: send the request again, another one will answer it";
      return sendProblem(request, reply, problemsBase, problem("unavailable", detail));
    }
    if (request.url.length > MAX_URL_LENGTH) {
      const detail = `The request target is longer than ${MAX_URL_LENGTH} characters`;
      return sendProblem(request, reply, problemsBase, problem("uri-too-long", detail));
    }
    const contentType = request.headers["content-type"];
    if (contentType) request.headers["content-type"] = normalizeMediaType(contentType);
    const refusal = unsupportedBodyEncoding(request.headers);
    if (refusal) return sendProblem(request, reply, problemsBase, refusal);
  });
  app.addHook("preParsing", async (request, _reply, payload) =>
    request.headers["content-type"]
      ? checkBody(payload, request.originalPath.toLowerCase() === BATCH_PATH ? BATCH_BODY_LIMIT : BODY_LIMIT)
      : payload,
  );

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const description = toProblem(error, "framework");
    if (description.status >= 500) request.log.error({ err: error }, "request failed");
    return sendProblem(request, reply, problemsBase, description);
  });
  app.setNotFoundHandler((request, reply) => {
    const { description, headers } = unmatchedRoute(request.originalPath);
    return sendProblem(request, reply, problemsBase, description, headers);
  });

  app.addHook("onResponse", async (request, reply) => {
    options.metrics.request(routeLabel(request), request.method, reply.statusCode, reply.elapsedTime / 1000);
  });
}
