import { STATUS_CODES } from "node:http";

import type { Problem } from "./problem.ts";

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

export interface ProblemDocument {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  [extension: string]: unknown;
}

/** RFC 7807 problem document for an error at `instance` (the request path, without query). */
export function problemDocument(problemsBase: string, description: Problem, instance: string): ProblemDocument {
  return {
    type: `${problemsBase.replace(/\/$/, "")}/${description.kind}`,
    title: STATUS_CODES[description.status] ?? "Error",
    status: description.status,
    detail: description.detail,
    instance,
    ...description.extra,
  };
}
