import { TRPCError } from "@trpc/server";
import { ZodError } from "zod";

import {
  BadRequestError,
  ConflictError,
  fieldErrorsOf,
  ForbiddenError,
  GoneError,
  IdempotencyKeyReuseError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from "@slotwise/core";

import type { ProblemKind } from "./problem-kinds.ts";
import { problem, type Problem } from "./problem.ts";
import { TooManyRequestsError } from "./too-many-requests.ts";

/** The code of the error a body that is not valid UTF-8 raises while it is read. */
export const BODY_NOT_UTF8 = "SW_BODY_NOT_UTF8";
/** The code of the error a body longer than its path allows raises while it is read; its message says the limit. */
export const BODY_TOO_LARGE = "SW_BODY_TOO_LARGE";
/** The code of the error a JSON body raises when one of its numbers would not be taken as written; its message names it. */
export const NUMBER_NOT_EXACT = "SW_NUMBER_NOT_EXACT";

export const INTERNAL_DETAIL =
  "Something went wrong on our side. Retry later, and quote the X-Request-Id header if it persists.";

/** Each refusal's words, written once whichever layer raises it. */
const SAID = {
  nothingHere: ["not-found", "There is nothing at this path"],
  brokenUrl: ["invalid-parameter", "The path is not a valid URL: it has broken percent-encoding"],
  notJsonType: ["unsupported-media-type", "The body must be JSON, sent with Content-Type: application/json"],
  notJson: ["malformed-json", "The body is not valid JSON"],
} as const satisfies Record<string, readonly [ProblemKind, string]>;

/** Errors the HTTP framework and the body reader raise before any procedure runs, by their code. */
function frameworkProblem(code: string, message: string): Problem | null {
  switch (code) {
    case "FST_ERR_BAD_URL":
      return problem(...SAID.brokenUrl);
    case "FST_STATIC_FORBIDDEN_PATH":
      return problem(...SAID.nothingHere);
    case "FST_ERR_MAX_PARAM_LENGTH":
      return problem("uri-too-long", "A path segment is longer than 2,048 characters");
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return problem("payload-too-large", "The body is larger than 1 MiB");
    case BODY_TOO_LARGE:
      return problem("payload-too-large", message);
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return problem(...SAID.notJsonType);
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return problem("malformed-json", "The body is empty although Content-Type says JSON");
    case NUMBER_NOT_EXACT:
      return problem("validation", message, { errors: [{ field: "", message }] });
    case BODY_NOT_UTF8:
      return problem("malformed-json", "The body is not valid UTF-8");
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      // Fastify's parser refuses both with this one code, keeping no detail to tell them apart.
      return problem("malformed-json", "The body is not valid JSON, or names __proto__ or constructor.prototype");
    default:
      return null;
  }
}

// P2028: Prisma could not start (or finish) a transaction in time, i.e. the database is saturated.
// 40P01 and 40001: PostgreSQL undid the statement to break a deadlock or a serialization
// conflict with another transaction; nothing was written and the same request can succeed now.
const UNAVAILABLE_CODES = new Set([
  "40P01",
  "40001",
  "P2028",
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "ETIMEDOUT",
  "EPIPE",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "P1001",
  "P1002",
  "P1017",
]);

// pg's words for a connection that broke mid-request, or that a restart left unusable; for a
// pool that stayed full past its wait; and for a prepared statement whose columns a migration
// changed under it (the pool drops that connection, so the retry succeeds).
const LOST_CONNECTION =
  /Connection terminated|connect ECONNREFUSED|Can't reach database|terminating connection due to administrator command|encountered a connection error and is not queryable|the database system is (shutting down|starting up|in recovery mode)|timeout exceeded when trying to connect|cached plan must not change result type/;

/** Whether the database, not the request, is what failed: the client should retry later. */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 8; depth++) {
    if (typeof e !== "object") return false;
    const record = e as { code?: unknown; cause?: unknown; message?: unknown; kind?: unknown };
    if (typeof record.code === "string" && UNAVAILABLE_CODES.has(record.code)) return true;
    if (record.kind === "DatabaseNotReachable" || record.kind === "ConnectionClosed") return true;
    if (typeof record.message === "string" && LOST_CONNECTION.test(record.message)) return true;
    // Prisma's known request errors carry the driver's error under `meta`, not `cause`.
    const meta = (e as { meta?: { driverAdapterError?: unknown } }).meta;
    e = record.cause ?? meta?.driverAdapterError;
  }
  return false;
}

function validation(errors: { field: string; message: string }[]): Problem {
  const [first] = errors;
  const detail =
    errors.length > 1
      ? `${first?.message ?? "Invalid input"} (and ${errors.length - 1} more)`
      : (first?.message ?? "Invalid input");
  return problem("validation", detail, { errors });
}

function describeDomainError(error: Error): Problem | null {
  if (error instanceof ValidationError) return validation(error.errors);
  if (error instanceof BadRequestError) return problem(error.kind, error.message);
  if (error instanceof NotFoundError) return problem("not-found", error.message);
  if (error instanceof ConflictError) return problem(error.kind, error.message, error.extra);
  if (error instanceof IdempotencyKeyReuseError) return problem("idempotency-key-reuse", error.message);
  if (error instanceof GoneError) return problem("cursor-expired", error.message);
  if (error instanceof UnauthorizedError) return problem("unauthorized", error.message);
  if (error instanceof ForbiddenError) return problem("forbidden", error.message);
  if (error instanceof ZodError) return validation(fieldErrorsOf(error));
  if (error instanceof TooManyRequestsError)
    return problem("rate-limited", `${error.message} (in ${error.retryAfterSeconds} s)`);
  return null;
}

const TRPC_CODES: Partial<Record<TRPCError["code"], readonly [ProblemKind, string]>> = {
  NOT_FOUND: SAID.nothingHere,
  METHOD_NOT_SUPPORTED: ["method-not-allowed", "This path does not accept this method"],
  PAYLOAD_TOO_LARGE: ["payload-too-large", "The body is larger than 64 KiB"],
  UNSUPPORTED_MEDIA_TYPE: SAID.notJsonType,
  PARSE_ERROR: SAID.notJson,
  TOO_MANY_REQUESTS: ["rate-limited", "Too many requests; retry after the time in Retry-After"],
  UNAUTHORIZED: ["unauthorized", "Authentication is required"],
  FORBIDDEN: ["forbidden", "This key may not do this"],
};

/**
 * The problem any error stands for: the one mapping the tRPC error formatter, the REST and
 * /trpc edges, Fastify's error handlers, the payment webhook and OCTO's framework errors use.
 */
export function toProblem(error: unknown): Problem {
  const cause = error instanceof TRPCError && error.cause ? error.cause : error;
  if (cause instanceof Error) {
    const { code } = cause as { code?: unknown };
    const framework = typeof code === "string" ? frameworkProblem(code, cause.message) : null;
    if (framework) return framework;
    const domain = describeDomainError(cause);
    if (domain) return domain;
  }
  // Only decodeURIComponent throws these: a path with broken percent-encoding.
  if (cause instanceof URIError) return problem(...SAID.brokenUrl);
  if (error instanceof TRPCError && error.code === "BAD_REQUEST") {
    // tRPC's own refusals of a request's shape (unparsable input, an oversized batch).
    if (cause instanceof SyntaxError) return problem("malformed-json", "The input is not valid JSON");
    return problem("bad-request", error.message);
  }
  if (!(error instanceof TRPCError) && isBodyRefusal(error)) return problem(...SAID.notJson);
  if (isDatabaseUnavailable(error)) {
    return problem("unavailable", "The service cannot reach its database right now; retry shortly");
  }
  if (error instanceof TRPCError) {
    const known = TRPC_CODES[error.code];
    if (known) return problem(...known);
  }
  return problem("internal", INTERNAL_DETAIL);
}

/** A body parser's refusal without a code of its own: a syntax error, or Fastify's 400. */
function isBodyRefusal(error: unknown): boolean {
  return error instanceof SyntaxError || (error as { statusCode?: unknown } | null)?.statusCode === 400;
}
