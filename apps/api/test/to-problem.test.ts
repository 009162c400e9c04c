import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";

import { ProblemError } from "../src/problems/problem-error.ts";
import { toProblem } from "../src/problems/to-problem.ts";

describe("errors of the database the client should retry", () => {
  it.each([
    ["a pool that stayed full past its wait", "timeout exceeded when trying to connect"],
    ["a prepared statement whose columns a migration changed", "cached plan must not change result type"],
    ["a connection that broke", "Connection terminated unexpectedly"],
  ])("answer %s with 503", (_, message) => {
    expect(toProblem(new Error(message))).toMatchObject({ status: 503, kind: "unavailable" });
  });
});

describe("one refusal, one wording, whichever layer raises it", () => {
  const framework = (code: string, statusCode = 415) => Object.assign(new Error("raw"), { code, statusCode });
  it.each([
    ["a body of another media type", framework("FST_ERR_CTP_INVALID_MEDIA_TYPE"), "UNSUPPORTED_MEDIA_TYPE"],
    ["a path nothing serves", framework("FST_STATIC_FORBIDDEN_PATH", 403), "NOT_FOUND"],
  ] as const)("%s reads the same from Fastify and from tRPC", (_, raised, trpcCode) => {
    expect(toProblem(raised)).toEqual(toProblem(new TRPCError({ code: trpcCode })));
  });

  it("words a body the reader refused as Fastify would, also when tRPC carries it", () => {
    for (const refused of [framework("FST_ERR_CTP_INVALID_JSON_BODY", 400), new SyntaxError("Unexpected end")]) {
      const worded = toProblem(refused, "framework");
      const carried = new TRPCError({ code: "BAD_REQUEST", cause: new ProblemError(worded) });
      expect(worded).toMatchObject({ status: 400, kind: "malformed-json" });
      expect(toProblem(carried)).toEqual(worded);
    }
  });
});

describe("a fault of ours", () => {
  it("stays a 500 when an application error looks like a body refusal", () => {
    expect(toProblem(new SyntaxError("Unexpected token"))).toMatchObject({ status: 500, kind: "internal" });
    expect(toProblem(Object.assign(new Error("from a library"), { statusCode: 400 }))).toMatchObject({ status: 500 });
    expect(toProblem(new SyntaxError("Unexpected token"), "framework")).toMatchObject({
      status: 400,
      kind: "malformed-json",
    });
  });
});
