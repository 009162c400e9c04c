import { describe, expect, it } from "vitest";

import {
  BadRequestError,
  ConflictError,
  DomainError,
  ForbiddenError,
  IdempotencyKeyReuseError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from "./domain-errors.ts";

describe("domain errors", () => {
  it("carry their kind and what the problem document needs", () => {
    const validation = new ValidationError([
      { field: "Customer.Email", message: "Customer.Email must be an e-mail address" },
      { field: "Date", message: "Date is required" },
    ]);
    expect(validation).toMatchObject({
      kind: "validation",
      message: "Customer.Email must be an e-mail address; Date is required",
    });
    expect(validation.errors).toHaveLength(2);
    expect(new ConflictError("insufficient-capacity", "Only 2 left", { available: 2 })).toMatchObject({
      kind: "insufficient-capacity",
      extra: { available: 2 },
    });
    expect(new ConflictError("timeslot-unavailable", "closed").extra).toEqual({});
    expect(new BadRequestError("invalid-parameter", "bad id").kind).toBe("invalid-parameter");
    expect(new NotFoundError("none").kind).toBe("not-found");
    expect(new UnauthorizedError("who").kind).toBe("unauthorized");
    expect(new ForbiddenError("no").kind).toBe("forbidden");
    expect(new IdempotencyKeyReuseError("again").kind).toBe("idempotency-key-reuse");
    for (const error of [validation, new NotFoundError("x"), new ForbiddenError("y")])
      expect(error).toBeInstanceOf(DomainError);
  });
});
