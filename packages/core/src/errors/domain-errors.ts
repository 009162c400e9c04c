/**
 * The closed set of failures the domain can report. The API maps each to one problem
 * document in one place; nothing else should decide an HTTP status.
 */
export interface FieldError {
  /** Dotted path in the contract's own names: `Customer.Email`, `Answers[1].Value`. */
  field: string;
  message: string;
}

/**
 * An answer the domain gives (a refusal, a missing thing), not a fault: it carries no stack.
 * Capturing and formatting one (tRPC reads `stack` when it wraps the error) was the largest
 * cost of a refusal, and a sell-out rush is mostly refusals.
 */
export abstract class DomainError extends Error {
  abstract readonly kind: string;

  constructor(message?: string) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}

export class ValidationError extends DomainError {
  readonly kind = "validation";
  constructor(readonly errors: FieldError[]) {
    super(errors.map((e) => e.message).join("; "));
  }
}

export type BadRequestKind = "invalid-parameter" | "bad-request" | "malformed-json";

export class BadRequestError extends DomainError {
  constructor(
    readonly kind: BadRequestKind,
    message: string,
  ) {
    super(message);
  }
}

export class NotFoundError extends DomainError {
  readonly kind = "not-found";
}

export type ConflictKind =
  | "insufficient-capacity"
  | "timeslot-unavailable"
  | "idempotency-conflict"
  | "hold-expired"
  | "booking-not-changeable"
  | "schedule-overlap"
  | "timeslot-exists"
  | "capacity-below-taken"
  | "currency-locked"
  | "time-zone-locked"
  | "not-cancellable"
  | "hold-limit-reached"
  | "ticket-void"
  | "ticket-wrong-day"
  | "timeslot-not-ended"
  | "delivery-in-flight"
  | "delivery-superseded";

export class ConflictError extends DomainError {
  constructor(
    readonly kind: ConflictKind,
    message: string,
    /**
     * Extension members of the problem document: places still free (insufficient capacity),
     * places taken (capacity below taken), the first clash (schedule overlap), the failing
     * item of an order, a ticket's date.
     */
    readonly extra: {
      available?: number;
      taken?: number;
      clash?: { Date: string; Time: string; ScheduleID: number };
      item?: number;
      date?: string;
    } = {},
  ) {
    super(message);
  }
}

/** A position that points at what is no longer kept (an availability feed cursor past its 7 days). */
export class GoneError extends DomainError {
  readonly kind = "cursor-expired";
}

export class IdempotencyKeyReuseError extends DomainError {
  readonly kind = "idempotency-key-reuse";
}

export class UnauthorizedError extends DomainError {
  readonly kind = "unauthorized";
}

export class ForbiddenError extends DomainError {
  readonly kind = "forbidden";
}
