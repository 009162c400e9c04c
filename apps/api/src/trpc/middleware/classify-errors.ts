import { BadRequestError, fieldErrorsOf, ValidationError } from "@slotwise/core";
import { TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import type { ZodError } from "zod";
import { describeError } from "../../errors/describe-error.ts";
import { t } from "../init.ts";

const CODE_FOR_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_SUPPORTED",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "UNPROCESSABLE_CONTENT",
  429: "TOO_MANY_REQUESTS",
  503: "SERVICE_UNAVAILABLE",
};

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
  const code = CODE_FOR_STATUS[describeError(error).status] ?? "INTERNAL_SERVER_ERROR";
  if (code === error.code && error === result.error) return result;
  throw new TRPCError({ code, message: error.message, cause: error.cause ?? error });
});
