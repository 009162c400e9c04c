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

import { frameworkProblem, isBodyRefusal, REFUSAL_WORDS } from "./framework-problem.ts";
import { ProblemError } from "./problem-error.ts";
import type { ProblemKind } from "./problem-kinds.ts";
import { problem, type Problem } from "./problem.ts";
import { TooManyRequestsError } from "./too-many-requests.ts";

/** What a client is told of a fault of ours. */
export const INTERNAL: Problem = problem(
  "internal",
  "Something went wrong on our side. Retry later, and quote the X-Request-Id header if it persists.",
);

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

function domainProblem(error: Error): Problem | null {
  if (error instanceof ProblemError) return error.problem;
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
  NOT_FOUND: REFUSAL_WORDS.nothingHere,
  METHOD_NOT_SUPPORTED: ["method-not-allowed", "This path does not accept this method"],
  PAYLOAD_TOO_LARGE: ["payload-too-large", "The body is larger than 64 KiB"],
  UNSUPPORTED_MEDIA_TYPE: REFUSAL_WORDS.notJsonType,
  PARSE_ERROR: REFUSAL_WORDS.notJson,
  TOO_MANY_REQUESTS: ["rate-limited", "Too many requests; retry after the time in Retry-After"],
  UNAUTHORIZED: ["unauthorized", "Authentication is required"],
  FORBIDDEN: ["forbidden", "This key may not do this"],
};

/** Who raised an error: Fastify and its body readers, or the application (procedures, services). */
export type ErrorOrigin = "framework" | "application";

/**
 * The problem any error stands for: the one mapping the tRPC error formatter, the REST and
 * /trpc edges, Fastify's error handlers, the payment webhook and OCTO's framework errors use.
 */
export function toProblem(error: unknown, origin: ErrorOrigin = "application"): Problem {
  const cause = error instanceof TRPCError && error.cause ? error.cause : error;
  if (cause instanceof Error) {
    const { code } = cause as { code?: unknown };
    const framework = typeof code === "string" ? frameworkProblem(code, cause.message) : null;
    if (framework) return framework;
    const domain = domainProblem(cause);
    if (domain) return domain;
  }
  // Only decodeURIComponent throws these: a path with broken percent-encoding.
  if (cause instanceof URIError) return problem(...REFUSAL_WORDS.brokenUrl);
  if (error instanceof TRPCError && error.code === "BAD_REQUEST") {
    // tRPC's own refusals of a request's shape (unparsable input, an oversized batch).
    if (cause instanceof SyntaxError) return problem("malformed-json", "The input is not valid JSON");
    return problem("bad-request", error.message);
  }
  if (origin === "framework" && isBodyRefusal(error)) return problem(...REFUSAL_WORDS.notJson);
  if (isDatabaseUnavailable(error)) {
    return problem("unavailable", "The service cannot reach its database right now; retry shortly");
  }
  if (error instanceof TRPCError) {
    const known = TRPC_CODES[error.code];
    if (known) return problem(...known);
  }
  return INTERNAL;
}
