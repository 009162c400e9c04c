import type { FastifyReply, FastifyRequest } from "fastify";

import { PROBLEM_CONTENT_TYPE, problemDocument } from "../problems/problem-document.ts";
import type { Problem } from "../problems/problem.ts";
import { instanceOf } from "./request-path.ts";

/** Headers a problem of this status must carry: a 401 says how to authenticate. */
export function problemHeaders(status: number): Record<string, string> {
  return status === 401 ? { "WWW-Authenticate": 'Bearer realm="slotwise"' } : {};
}

export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  problemsBase: string,
  description: Problem,
  headers: Record<string, string> = {},
) {
  return (
    reply
      .code(description.status)
      .headers({ ...problemHeaders(description.status), ...headers })
      .header("Content-Type", PROBLEM_CONTENT_TYPE)
      // A Buffer, because Fastify appends "; charset=utf-8" to the type of a string body.
      .send(Buffer.from(JSON.stringify(problemDocument(problemsBase, description, instanceOf(request)))))
  );
}
