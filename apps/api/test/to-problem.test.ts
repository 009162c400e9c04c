import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";

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
    const refused = framework("FST_ERR_CTP_INVALID_JSON_BODY", 400);
    const carried = new TRPCError({ code: "BAD_REQUEST", message: refused.message, cause: refused });
    expect(toProblem(carried)).toEqual(toProblem(refused));
    expect(toProblem(refused)).toMatchObject({ status: 400, kind: "malformed-json" });
  });
});
