import { request as httpRequest } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

import { beforeAll, describe, expect, it } from "vitest";

import { startApi, type Api } from "./harness.ts";
import { addDays, addHours, isoDay, seconds, utcDay } from "./recent-dates.ts";

let api: Api;
let key: string;
/** A month-long window ending yesterday, its entries recorded on its tenth day. */
const first = utcDay(-31);
const SUMMARY = `/api/v2/usage/meters?from=${isoDay(first)}&to=${isoDay(addDays(first, 30))}&tz=UTC`;
const GROUPED = `${SUMMARY}&groupBy=request&groupBy=plan`;
const GROUPS = 1_000;

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The answer as it travels, undecoded: fetch would decompress it before the test could look. */
function raw(path: string, headers: Record<string, string> = {}, method = "GET", body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      `${api.base}${path}`,
      { method, headers: { Authorization: `Bearer ${key}`, ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
        });
        response.on("error", reject);
      },
    );
    sent.on("error", reject);
    sent.end(body);
  });
}

beforeAll(async () => {
  api = await startApi();
  await api.db.operator.create({ data: { slug: "wide-co", name: "Wide Co" } });
  key = await api.key({ operator: "wide-co", scopes: ["usage:write", "usage:read"] });
  const entries = Array.from({ length: GROUPS }, (_, i) => ({
    Meter: "calls",
    Usage: 1 + (i % 10) / 4,
    ExtraInfo: JSON.stringify({ request: `request-${String(i).padStart(4, "0")}`, plan: i % 2 ? "pro" : "free" }),
    OccurredAt: seconds(addHours(addDays(first, 9), 10)),
  }));
  const response = await api.request("/api/v2/usage/meters/batch", { method: "POST", key, json: { Entries: entries } });
  expect(response.status).toBe(201);
});

describe("response compression", () => {
  it("gzips a large grouped summary when asked, identical once decompressed, and brotli too", async () => {
    const plain = await raw(GROUPED);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const summary = JSON.parse(plain.body.toString("utf8")) as { data: { Meters: { Groups: unknown[] }[] } };
    expect(summary.data.Meters[0]?.Groups).toHaveLength(GROUPS);

    const gzipped = await raw(GROUPED, { "Accept-Encoding": "gzip" });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers["vary"]).toMatch(/accept-encoding/i);
    expect(gzipped.headers["content-type"]).toMatch(/^application\/json/);
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 4);
    expect(gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
    expect(gzipped.headers.etag).toBe(plain.headers.etag);

    const brotli = await raw(GROUPED, { "Accept-Encoding": "br" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
  });

  it("keeps ETag and If-None-Match: a current copy is a 304 without a body, compressed or not", async () => {
    const first = await raw(GROUPED, { "Accept-Encoding": "gzip" });
    const tag = first.headers.etag;
    expect(tag).toMatch(/^W\/"/);
    for (const encoding of ["gzip", "identity"]) {
      const again = await raw(GROUPED, { "Accept-Encoding": encoding, "If-None-Match": String(tag) });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(tag);
      expect(again.headers["content-encoding"]).toBeUndefined();
    }
    const stale = await raw(GROUPED, { "Accept-Encoding": "gzip", "If-None-Match": 'W/"stale"' });
    expect(stale.status).toBe(200);
    expect(gunzipSync(stale.body).equals(gunzipSync(first.body))).toBe(true);
  });

  it("answers HEAD with GET's status and headers, compression included, and no body", async () => {
    const get = await raw(GROUPED, { "Accept-Encoding": "gzip" });
    const head = await raw(GROUPED, { "Accept-Encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of ["content-type", "content-encoding", "etag", "vary"]) {
      expect(head.headers[name]).toBe(get.headers[name]);
    }
  });

  it("leaves small answers and problem documents as they are", async () => {
    const small = await raw(SUMMARY, { "Accept-Encoding": "gzip, br" });
    expect(small.status).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.body.toString("utf8"))).toMatchObject({ data: { Totals: { Events: GROUPS } } });

    const refused = await raw(`${SUMMARY}&groupBy[]=request`, { "Accept-Encoding": "gzip, br" });
    expect(refused.status).toBe(422);
    expect(refused.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(refused.body.toString("utf8"))).toMatchObject({ status: 422, instance: "/api/v2/usage/meters" });
  });

  it("compresses a large problem document whole: a batch refused for each of its entries", async () => {
    const entries = Array.from({ length: 300 }, () => ({ Meter: "calls", Usage: -1 }));
    const headers = { "Content-Type": "application/json", "Accept-Encoding": "gzip" };
    const refused = await raw("/api/v2/usage/meters/batch", headers, "POST", JSON.stringify({ Entries: entries }));
    expect(refused.status).toBe(422);
    expect(refused.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(refused.headers["content-encoding"]).toBe("gzip");
    const problem = JSON.parse(gunzipSync(refused.body).toString("utf8")) as { status: number; errors: unknown[] };
    expect(problem.status).toBe(422);
    expect(problem.errors).toHaveLength(300);
  });
});
