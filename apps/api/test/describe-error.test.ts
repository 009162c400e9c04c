import { describe, expect, it } from "vitest";

import { describeError } from "../src/problems/describe-error.ts";

describe("errors of the database the client should retry", () => {
  it.each([
    ["a pool that stayed full past its wait", "timeout exceeded when trying to connect"],
    ["a prepared statement whose columns a migration changed", "cached plan must not change result type"],
    ["a connection that broke", "Connection terminated unexpectedly"],
  ])("answer %s with 503", (_, message) => {
    expect(describeError(new Error(message))).toMatchObject({ status: 503, kind: "unavailable" });
  });
});
