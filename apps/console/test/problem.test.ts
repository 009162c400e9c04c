import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";

import { fieldProblems, problemMessage, problemStatus } from "../src/lib/problem";

/** A tRPC error as the API's error formatter sends it. */
function apiError(status: number, detail: string, extra: object = {}) {
  return TRPCClientError.from({
    error: {
      message: detail,
      code: -32600,
      data: { code: "BAD_REQUEST", httpStatus: status, path: "x" },
      problem: { status, kind: "validation", detail, extra },
    },
  });
}

describe("the API's problems in the console", () => {
  it("shows the problem's detail and status", () => {
    const error = apiError(401, "Sign in to continue");
    expect(problemMessage(error)).toBe("Sign in to continue");
    expect(problemStatus(error)).toBe(401);
  });

  it("maps a 422's field errors by field path", () => {
    const error = apiError(422, "capacity must be at least 3", {
      errors: [{ field: "capacity", message: "capacity must be at least 3" }],
    });
    expect(fieldProblems(error)).toEqual({ capacity: "capacity must be at least 3" });
  });

  it("says the API could not be reached when there is no problem to show", () => {
    expect(problemMessage(new TRPCClientError("fetch failed"))).toMatch(/could not be reached/);
    expect(problemStatus(new Error("x"))).toBeUndefined();
    expect(fieldProblems(new Error("x"))).toEqual({});
  });
});
