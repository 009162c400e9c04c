import type { FastifyReply, FastifyRequest } from "fastify";

import { PROBLEM_CONTENT_TYPE, problemDocument } from "../problems/problem-document.ts";
import { problem, type Problem } from "../problems/problem.ts";
import { INTERNAL } from "../problems/to-problem.ts";
import { instanceOf } from "./request-path.ts";
import { REST_PREFIX } from "./rest-prefix.ts";
import { routes } from "./rest-routes.ts";
import { methodsFor } from "./route-table.ts";
import { problemHeaders } from "./send-problem.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The problem a REST procedure's error stands for, put here by the library's `onError`. */
    problem: Problem | null;
  }
}

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

/**
 * The problem document for an error the library answered: the problem `onError` put on the
 * request, or 404/405 for a path no procedure serves.
 */
export function asProblem(request: FastifyRequest, reply: FastifyReply, problemsBase: string): string {
  let description: Problem;
  if (reply.statusCode === 404 && !routeExists(request.method, instanceOf(request))) {
    const unmatched = unmatchedRoute(instanceOf(request));
    description = unmatched.description;
    void reply.headers(unmatched.headers);
  } else {
    description = request.problem ?? INTERNAL;
  }
  void reply
    .code(description.status)
    .headers(problemHeaders(description.status))
    .header("Content-Type", PROBLEM_CONTENT_TYPE);
  return JSON.stringify(problemDocument(problemsBase, description, instanceOf(request)));
}
