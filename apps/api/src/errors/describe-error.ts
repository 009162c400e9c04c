import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  IdempotencyKeyReuseError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
  fieldErrorsOf,
} from "@slotwise/core";
import { TRPCError } from "@trpc/server";
import { ZodError } from "zod";

/** How any failure is told to a client: the one mapping from errors to HTTP statuses. */
export interface ErrorDescription {
  status: number;
  kind: string;
  detail: string;
  /** Extension members of the problem document. */
  extra: Record<string, unknown>;
}

// P2028: Prisma could not start (or finish) a transaction in time, i.e. the database is saturated.
const UNAVAILABLE_CODES = new Set(["P2028", "ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "ETIMEDOUT", "EPIPE", "57P01", "57P02", "57P03", "53300", "P1001", "P1002", "P1017"]);

// pg's words for a connection that broke mid-request, or that a restart left unusable.
const LOST_CONNECTION = /Connection terminated|connect ECONNREFUSED|Can't reach database|terminating connection due to administrator command|encountered a connection error and is not queryable|the database system is (shutting down|starting up|in recovery mode)/;

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

function validation(errors: { field: string; message: string }[]): ErrorDescription {
  const [first] = errors;
  const detail = errors.length > 1 ? `${first?.message ?? "Invalid input"} (and ${errors.length - 1} more)` : (first?.message ?? "Invalid input");
  return { status: 422, kind: "validation", detail, extra: { errors } };
}

function describeDomainError(error: Error): ErrorDescription | null {
  if (error instanceof ValidationError) return validation(error.errors);
  if (error instanceof BadRequestError) return { status: 400, kind: error.kind, detail: error.message, extra: {} };
  if (error instanceof NotFoundError) return { status: 404, kind: "not-found", detail: error.message, extra: {} };
  if (error instanceof ConflictError) return { status: 409, kind: error.kind, detail: error.message, extra: error.extra };
  if (error instanceof IdempotencyKeyReuseError) return { status: 422, kind: "idempotency-key-reuse", detail: error.message, extra: {} };
  if (error instanceof UnauthorizedError) return { status: 401, kind: "unauthorized", detail: error.message, extra: {} };
  if (error instanceof ForbiddenError) return { status: 403, kind: "forbidden", detail: error.message, extra: {} };
  if (error instanceof ZodError) return validation(fieldErrorsOf(error));
  return null;
}

const TRPC_CODES: Partial<Record<TRPCError["code"], Omit<ErrorDescription, "extra">>> = {
  NOT_FOUND: { status: 404, kind: "not-found", detail: "There is nothing at this path" },
  METHOD_NOT_SUPPORTED: { status: 405, kind: "method-not-allowed", detail: "This path does not accept this method" },
  PAYLOAD_TOO_LARGE: { status: 413, kind: "payload-too-large", detail: "The body is larger than 64 KiB" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, kind: "unsupported-media-type", detail: "The body must be JSON, sent with Content-Type: application/json" },
  PARSE_ERROR: { status: 400, kind: "malformed-json", detail: "The body is not valid JSON" },
  TOO_MANY_REQUESTS: { status: 429, kind: "rate-limited", detail: "Too many requests; retry after the time in Retry-After" },
  UNAUTHORIZED: { status: 401, kind: "unauthorized", detail: "Authentication is required" },
  FORBIDDEN: { status: 403, kind: "forbidden", detail: "This key may not do this" },
};

export const INTERNAL_DETAIL = "Something went wrong on our side. Retry later, and quote the X-Request-Id header if it persists.";

export function describeError(error: unknown): ErrorDescription {
  const cause = error instanceof TRPCError && error.cause ? error.cause : error;
  if (cause instanceof Error) {
    const domain = describeDomainError(cause);
    if (domain) return domain;
  }
  if (isDatabaseUnavailable(error)) {
    return { status: 503, kind: "unavailable", detail: "The service cannot reach its database right now; retry shortly", extra: {} };
  }
  if (error instanceof TRPCError) {
    const known = TRPC_CODES[error.code];
    if (known) return { ...known, extra: {} };
  }
  return { status: 500, kind: "internal", detail: INTERNAL_DETAIL, extra: {} };
}
