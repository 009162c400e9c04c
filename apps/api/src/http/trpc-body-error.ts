import { TRPCError } from "@trpc/server";
import type { FastifyError } from "fastify";

import { BadRequestError, ValidationError } from "@slotwise/core";

import { describeFrameworkError } from "../problems/framework-errors.ts";

/**
 * A `/trpc` body the root parser refuses, described as REST describes it (`describeFrameworkError`)
 * and carried as the domain error of that problem, so that tRPC's error formatter answers the
 * same status, kind and words: 422 `validation` for a number parsing would change, 400
 * `malformed-json` for the rest (not JSON, or naming `__proto__` or `constructor.prototype`).
 */
export function trpcBodyError(error: FastifyError): TRPCError {
  const problem = describeFrameworkError(error);
  if (problem.kind === "validation") {
    const cause = new ValidationError([...(problem.extra.errors ?? [{ field: "", message: problem.detail }])]);
    return new TRPCError({ code: "UNPROCESSABLE_CONTENT", message: cause.message, cause });
  }
  const cause = new BadRequestError("malformed-json", problem.detail);
  return new TRPCError({ code: "BAD_REQUEST", message: cause.message, cause });
}
