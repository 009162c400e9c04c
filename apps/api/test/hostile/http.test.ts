import { STATUS_CODES } from "node:http";
import { connect } from "node:net";

import { beforeAll, describe, expect, it } from "vitest";

import { MAX_TRPC_BATCH } from "../../src/http/build-server.ts";
import { OTA, problemOf, startApi, type Api } from "../harness.ts";

let api: Api;
let key: string;
beforeAll(async () => {
  api = await startApi();
  key = await api.key();
});

const head = (path: string, withKey = true) =>
  fetch(`${api.base}${path}`, { method: "HEAD", headers: withKey ? { Authorization: `Bearer ${key}` } : {} });

describe("HEAD answers exactly as GET would, without a body", () => {
  it.each([
    ["an unknown path", "/api/v2/nothing-here", true],
    ["a path without a key", `${OTA}/products`, false],
    ["a path that only takes POST", `${OTA}/booking`, true],
    ["a product list", `${OTA}/products`, true],
  ])("%s", async (_label, path, withKey) => {
    const get = await fetch(`${api.base}${path}`, { headers: withKey ? { Authorization: `Bearer ${key}` } : {} });
    const response = await head(path, withKey);
    expect(response.status).toBe(get.status);
    for (const name of ["content-type", "allow", "etag", "content-length"])
      expect(response.headers.get(name), name).toBe(get.headers.get(name));
    expect(await response.text()).toBe("");
    expect((await get.text()).length).toBeGreaterThan(0);
  });

  it("answers 405 with Allow to HEAD on a POST-only path", async () => {
    const response = await head(`${OTA}/booking`);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });
});

describe("media types are compared without regard to case", () => {
  it("accepts Content-Type: APPLICATION/JSON on REST and /trpc", async () => {
    const usageKey = await api.key({ scopes: ["usage:write"] });
    const rest = await fetch(`${api.base}/api/v2/usage/meters`, {
      method: "POST",
      headers: { Authorization: `Bearer ${usageKey}`, "Content-Type": "APPLICATION/JSON; Charset=UTF-8" },
      body: JSON.stringify({ Meter: "case-test", Usage: 1, OccurredAt: Math.floor(Date.now() / 1000) }),
    });
    expect(rest.status).toBe(201);
    const trpc = await fetch(`${api.base}/trpc/shopfront.joinWaitlist`, {
      method: "POST",
      headers: { "Content-Type": "Application/Json" },
      body: JSON.stringify({ operator: "demo" }),
    });
    expect(trpc.status).toBe(422);
  });
});

describe("/trpc refuses malformed requests with 400, never 500", () => {
  const trpcError = async (response: Response) => {
    const body = (await response.json()) as
      | { error: { data: { code: string; httpStatus: number } } }
      | { error: { data: { code: string; httpStatus: number } } }[];
    return (Array.isArray(body) ? body[0] : body)?.error;
  };

  it.each([
    [
      "malformed JSON in a POST body",
      "/trpc/console.session.signIn",
      { method: "POST", headers: { "Content-Type": "application/json" }, body: "{oops" },
    ],
    [
      "malformed JSON in a batch",
      "/trpc/console.session.signIn?batch=1",
      { method: "POST", headers: { "Content-Type": "application/json" }, body: "[" },
    ],
    ["malformed JSON in a query's input", "/trpc/shopfront.activities?input=%7Boops", {}],
    ["a percent-encoded percent sign as the path", "/trpc/%25", {}],
    [
      `a batch of ${MAX_TRPC_BATCH + 1} calls`,
      `/trpc/${Array<string>(MAX_TRPC_BATCH + 1)
        .fill("shopfront.activities")
        .join(",")}?batch=1&input={}`,
      {},
    ],
  ])("%s", async (_label, path, init: RequestInit) => {
    const response = await fetch(`${api.base}${path}`, init);
    expect(response.status).toBe(400);
    expect(await trpcError(response)).toMatchObject({ data: { code: "BAD_REQUEST", httpStatus: 400 } });
  });

  it(`serves a batch of ${MAX_TRPC_BATCH} calls`, async () => {
    const input = Object.fromEntries(Array.from({ length: MAX_TRPC_BATCH }, (_, i) => [i, { operator: "demo" }]));
    const response = await fetch(
      `${api.base}/trpc/${Array<string>(MAX_TRPC_BATCH).fill("shopfront.activities").join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`,
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBe(MAX_TRPC_BATCH);
  });
});

describe("over-long request targets", () => {
  it.each([
    ["a long query string", `${OTA}/products?name=${"n".repeat(9_000)}`],
    ["a long path segment", `/trpc/${"a,".repeat(2_000)}a?batch=1`],
  ])("answers 414 as a problem document to %s", async (_label, path) => {
    const response = await fetch(`${api.base}${path}`, { headers: { Authorization: `Bearer ${key}` } });
    expect(response.status).toBe(414);
    expect((await problemOf(response)).problem).toMatchObject({
      type: "http://api.test/problems/uri-too-long",
      status: 414,
    });
  });
});

describe("bodies are UTF-8 JSON, sent as they are", () => {
  const postUsage = async (body: string | Buffer, headers: Record<string, string> = {}) =>
    fetch(`${api.base}/api/v2/usage/meters`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${await api.key({ scopes: ["usage:write"] })}`,
        "Content-Type": "application/json",
        ...headers,
      },
      body,
    });

  it("refuses invalid UTF-8 with 400 instead of storing U+FFFD", async () => {
    const before = await api.db.usageEntry.count();
    const body = Buffer.concat([
      Buffer.from('{"Meter": "bytes-'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from(`", "Usage": 1, "OccurredAt": ${Math.floor(Date.now() / 1000)}}`),
    ]);
    const response = await postUsage(body);
    expect(response.status).toBe(400);
    expect((await problemOf(response)).problem).toMatchObject({ type: "http://api.test/problems/malformed-json" });
    expect(await api.db.usageEntry.count()).toBe(before);
  });

  it.each([
    ["a compressed body", { "Content-Encoding": "gzip" }],
    ["another charset", { "Content-Type": "application/json; charset=iso-8859-1" }],
  ])("answers 415 to %s", async (_label, headers) => {
    const response = await postUsage("{}", headers);
    expect(response.status).toBe(415);
    expect((await problemOf(response)).problem).toMatchObject({
      type: "http://api.test/problems/unsupported-media-type",
    });
  });

  it("accepts UTF-8 with or without the charset named", async () => {
    const entry = {
      Meter: "utf8-bodies",
      Usage: 1,
      OccurredAt: Math.floor(Date.now() / 1000),
      ExtraInfo: '{"city":"São João"}',
    };
    for (const contentType of ["application/json", 'application/json; charset="UTF-8"'])
      expect((await postUsage(JSON.stringify(entry), { "Content-Type": contentType })).status).toBe(201);
    const stored = await api.db.usageEntry.findMany({ where: { meter: "utf8-bodies" } });
    expect(stored.map((row) => row.extraInfo)).toEqual(['{"city":"São João"}', '{"city":"São João"}']);
  });
});

describe("requests Node itself cannot parse", () => {
  const raw = (request: string) =>
    new Promise<string>((resolve, reject) => {
      const url = new URL(api.base);
      const socket = connect(Number(url.port), url.hostname, () => socket.end(request));
      let answer = "";
      socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
      socket.on("end", () => {
        resolve(answer);
      });
      socket.on("error", reject);
    });

  it.each([
    [
      "oversized headers",
      `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
      431,
      "headers-too-large",
    ],
    ["a broken request line", "GET /healthz HTTP/9\r\n\r\n", 400, "bad-request"],
  ])("answers %s with a problem document", async (_label, request, status, kind) => {
    const answer = await raw(request);
    const [head = "", body = ""] = answer.split("\r\n\r\n");
    expect(head.split("\r\n")[0]).toBe(`HTTP/1.1 ${status} ${STATUS_CODES[status]}`);
    expect(head).toContain("Content-Type: application/problem+json");
    expect(JSON.parse(body)).toMatchObject({ type: `http://api.test/problems/${kind}`, status });
  });
});
