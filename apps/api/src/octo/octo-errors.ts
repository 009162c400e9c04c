import {
  BadRequestError,
  ConflictError,
  DomainError,
  ForbiddenError,
  IdempotencyKeyReuseError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from "@slotwise/core";

import { TooManyRequestsError } from "../problems/too-many-requests.ts";

/**
 * The one place OCTO's errors are decided (contract section 19): the codes, statuses and bodies
 * OCTO defines, `{ error, errorMessage }` plus the id field an `INVALID_*` code names, never a
 * problem document. Everything the /octo handlers throw, and every domain error the shared
 * services raise, leaves through `octoErrorAnswer`.
 */
export type OctoErrorCode =
  | "INVALID_PRODUCT_ID"
  | "INVALID_OPTION_ID"
  | "INVALID_UNIT_ID"
  | "INVALID_AVAILABILITY_ID"
  | "INVALID_BOOKING_UUID"
  | "BAD_REQUEST"
  | "UNPROCESSABLE_ENTITY"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "TOO_MANY_REQUESTS"
  | "INTERNAL_SERVER_ERROR";

/** OCTO answers every client error 400, except authentication (401), permission (403) and the rate limit. */
const STATUS: Record<OctoErrorCode, number> = {
  INVALID_PRODUCT_ID: 400,
  INVALID_OPTION_ID: 400,
  INVALID_UNIT_ID: 400,
  INVALID_AVAILABILITY_ID: 400,
  INVALID_BOOKING_UUID: 400,
  BAD_REQUEST: 400,
  UNPROCESSABLE_ENTITY: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
};

/** The id member each `INVALID_*` code carries, named as OCTO names it. */
type IdField =
  { productId: string } | { optionId: string } | { unitId: string } | { availabilityId: string } | { uuid: string };

export class OctoError extends Error {
  constructor(
    readonly code: OctoErrorCode,
    message: string,
    readonly idField: IdField | Record<string, never> = {},
  ) {
    super(message);
  }
}

export const invalidProduct = (productId: string) =>
  new OctoError("INVALID_PRODUCT_ID", `There is no product ${JSON.stringify(productId)}`, { productId });
export const invalidOption = (optionId: string) =>
  new OctoError(
    "INVALID_OPTION_ID",
    `There is no option ${JSON.stringify(optionId)}: every product has the one option DEFAULT`,
    {
      optionId,
    },
  );
export const invalidUnit = (unitId: string) =>
  new OctoError("INVALID_UNIT_ID", `There is no unit ${JSON.stringify(unitId)} on this product`, { unitId });
export const invalidAvailability = (availabilityId: string) =>
  new OctoError("INVALID_AVAILABILITY_ID", `There is no availability ${JSON.stringify(availabilityId)}`, {
    availabilityId,
  });
export const invalidBooking = (uuid: string) =>
  new OctoError("INVALID_BOOKING_UUID", `There is no booking ${JSON.stringify(uuid)}`, { uuid });
export const badRequest = (message: string) => new OctoError("BAD_REQUEST", message);
export const unprocessable = (message: string) => new OctoError("UNPROCESSABLE_ENTITY", message);

export interface OctoErrorAnswer {
  status: number;
  body: { error: OctoErrorCode; errorMessage: string } & Record<string, string>;
  headers: Record<string, string>;
  /** Whether it is the server's fault (logged). */
  fault: boolean;
}

function answer(error: OctoError, headers: Record<string, string> = {}): OctoErrorAnswer {
  return {
    status: STATUS[error.code],
    body: { error: error.code, errorMessage: error.message, ...error.idField },
    headers,
    fault: error.code === "INTERNAL_SERVER_ERROR",
  };
}

/**
 * Any error as OCTO's: the handlers' own, then the shared services' domain errors (a refusal
 * of places or of a change is the request's fault in OCTO's words, UNPROCESSABLE_ENTITY), then
 * anything unexpected as INTERNAL_SERVER_ERROR without its message.
 */
export function octoErrorAnswer(error: unknown): OctoErrorAnswer {
  if (error instanceof OctoError) return answer(error);
  if (error instanceof TooManyRequestsError)
    return answer(new OctoError("TOO_MANY_REQUESTS", error.message), {
      "Retry-After": String(error.retryAfterSeconds),
    });
  if (error instanceof DomainError) {
    if (error instanceof UnauthorizedError)
      return answer(new OctoError("UNAUTHORIZED", error.message), { "WWW-Authenticate": 'Bearer realm="slotwise"' });
    if (error instanceof ForbiddenError) return answer(new OctoError("FORBIDDEN", error.message));
    if (
      error instanceof ValidationError ||
      error instanceof BadRequestError ||
      error instanceof IdempotencyKeyReuseError
    )
      return answer(badRequest(error.message));
    if (error instanceof ConflictError) return answer(unprocessable(error.message));
    if (error instanceof NotFoundError) return answer(badRequest(error.message));
  }
  return answer(new OctoError("INTERNAL_SERVER_ERROR", "Something went wrong on our side: try again"));
}
