import { expect } from "vitest";

import { CONSOLE_ORIGIN, type Problem } from "../harness.ts";

/** A REST refusal: 422, a problem document of kind validation, and `field` among its errors. */
export async function expectRestRefusal(response: Response, field: string): Promise<Problem> {
  expect(response.status, field).toBe(422);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  const problem = (await response.json()) as Problem;
  expect(problem).toMatchObject({
    type: "http://api.test/problems/validation",
    title: "Unprocessable Entity",
    status: 422,
  });
  expect(
    problem.errors?.map((e) => e.field),
    JSON.stringify(problem),
  ).toContain(field);
  expect(problem.errors?.find((e) => e.field === field)?.message).toMatch(
    new RegExp(`^${field.replace(/[.[\]]/g, "\\$&")} `),
  );
  return problem;
}

interface TrpcError {
  error: {
    message: string;
    data: { code: string; httpStatus: number };
    problem: { status: number; kind: string; extra: { errors?: { field: string; message: string }[] } };
  };
}

/** The same refusal on /trpc, as the console reads it: UNPROCESSABLE_CONTENT with the field errors. */
export async function expectTrpcRefusal(response: Response, field: string): Promise<void> {
  expect(response.status, field).toBe(422);
  const { error } = (await response.json()) as TrpcError;
  expect(error.data).toMatchObject({ code: "UNPROCESSABLE_CONTENT", httpStatus: 422 });
  expect(error.problem).toMatchObject({ status: 422, kind: "validation" });
  expect(
    error.problem.extra.errors?.map((e) => e.field),
    JSON.stringify(error),
  ).toContain(field);
  expect(error.problem.extra.errors?.find((e) => e.field === field)?.message).toMatch(
    new RegExp(`^${field.replace(/[.[\]]/g, "\\$&")} `),
  );
}

/** /trpc over plain fetch, so bodies go out exactly as written; keeps the session cookie like a browser. */
export function rawTrpc(base: string) {
  let cookie = "";
  const send = async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    headers.set("origin", CONSOLE_ORIGIN);
    if (cookie) headers.set("cookie", cookie);
    const response = await fetch(url, { ...init, headers });
    const set = response.headers.get("set-cookie");
    if (set) cookie = set.split(";")[0] ?? "";
    return response;
  };
  return {
    query: (path: string, input: unknown) =>
      send(`${base}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { method: "GET" }),
    /** `body` is the JSON text itself when a string, so a test can write escapes JSON.stringify would not. */
    mutate: (path: string, body: unknown) =>
      send(`${base}/trpc/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
  };
}
