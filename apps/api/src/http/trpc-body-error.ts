import { TRPCError } from "@trpc/server";
import type { FastifyError } from "fastify";

import { BadRequestError, ValidationError } from "@slotwise/core";

import { describeFrameworkError, NUMBER_NOT_EXACT } from "../problems/framework-errors.ts";

/**
 * A `/trpc` body the root parser refuses, in tRPC's terms and with REST's words: a number that
 * parsing would change is 422 naming it, anything else (a body naming `__proto__` or
 * `constructor.prototype`) a parse error.
 */
export function trpcBodyError(error: Error & { code?: string }): TRPCError {
  if (error.code === NUMBER_NOT_EXACT) {
    const cause = new ValidationError([{ field: "", message: error.message }]);
    return new TRPCError({ code: "UNPROCESSABLE_CONTENT", message: cause.message, cause });
  }
  const cause = new BadRequestError("malformed-json", describeFrameworkError(error as FastifyError).detail);
  return new TRPCError({ code: "PARSE_ERROR", message: cause.message, cause });
}
