import type { FastifyReply, FastifyRequest } from "fastify";

import { describeError } from "../problems/describe-error.ts";
import { isProblemDocument, PROBLEM_CONTENT_TYPE, problemDocument } from "../problems/problem-document.ts";
import { problem, type Problem } from "../problems/problem.ts";
import { instanceOf } from "./request-path.ts";
import { REST_PREFIX } from "./rest-prefix.ts";
import { routes } from "./rest-routes.ts";
import { methodsFor } from "./route-table.ts";
import { problemHeaders } from "./send-problem.ts";

/** 405 with Allow when the path exists under other methods, 404 otherwise. */
export function unmatchedRoute(path: string): { description: Problem; headers: Record<string, string> } {
  const allowed = path.startsWith(REST_PREFIX) ? methodsFor(routes, path.slice(REST_PREFIX.length)) : [];
  if (allowed.length === 0) return { description: problem("not-found", `There is nothing at ${path}`), headers: {} };
  return {
    description: problem("method-not-allowed", `${path} takes ${allowed.join(", ")}`),
    headers: { Allow: allowed.join(", ") },
  };
}

function routeExists(method: string, path: string): boolean {
  const local = path.slice(REST_PREFIX.length);
  return routes.some((r) => r.method === method && r.pattern.test(local));
}

/** Turns whatever error body the library or a hook produced into the problem document it stands for. */
export function asProblem(request: FastifyRequest, reply: FastifyReply, payload: string, problemsBase: string): string {
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    body = undefined;
  }
  if (isProblemDocument(body)) return payload;
  let description: Problem;
  const carried = (body as { problem?: Problem } | undefined)?.problem;
  if (reply.statusCode === 404 && !routeExists(request.method, instanceOf(request))) {
    const unmatched = unmatchedRoute(instanceOf(request));
    description = unmatched.description;
    void reply.headers(unmatched.headers);
  } else {
    description = carried ?? describeError(undefined);
  }
  void reply
    .code(description.status)
    .headers(problemHeaders(description.status))
    .header("Content-Type", PROBLEM_CONTENT_TYPE);
  return JSON.stringify(problemDocument(problemsBase, description, instanceOf(request)));
}
