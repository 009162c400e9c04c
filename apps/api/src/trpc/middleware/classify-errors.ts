import { TRPCError } from "@trpc/server";
import type { ZodError } from "zod";

import { BadRequestError, fieldErrorsOf, ValidationError } from "@slotwise/core";

import { toProblem } from "../../problems/to-problem.ts";
import { trpcCodeForStatus } from "../error-codes.ts";
import { t } from "../init.ts";

function isZodError(value: unknown): value is ZodError {
  return value instanceof Error && value.name === "ZodError" && "issues" in value;
}

function pathParameters(path: string | undefined): string[] {
  return path ? [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "") : [];
}

/**
 * Placed before `.input()`, so it also sees input that failed its schema: a malformed path
 * parameter is a 400 `invalid-parameter`, anything else in the query or body a 422 naming
 * each field. Domain errors get the tRPC code of their HTTP status, so `/trpc` and REST
 * answer with the same status.
 */
export const classifyErrors = t.middleware(async ({ next, meta }) => {
  const result = await next();
  if (result.ok) return result;
  let error = result.error;
  if (isZodError(error.cause)) {
    const fields = fieldErrorsOf(error.cause);
    const params = pathParameters(meta?.openapi?.path);
    const inPath = fields.find((f) => params.includes(f.field));
    const cause = inPath ? new BadRequestError("invalid-parameter", inPath.message) : new ValidationError(fields);
    error = new TRPCError({ code: inPath ? "BAD_REQUEST" : "UNPROCESSABLE_CONTENT", message: cause.message, cause });
  }
  const code = trpcCodeForStatus(toProblem(error).status);
  if (code === error.code && error === result.error) return result;
  throw new TRPCError({ code, message: error.message, cause: error.cause ?? error });
});
