import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";

import { startApi, type Api } from "./harness.ts";

let api: Api;
let keys: string[];

beforeAll(async () => {
  api = await startApi();
  keys = [await api.key(), await api.key({ scopes: ["usage:write", "usage:read"] })];
});

const segment = fc.oneof(
  fc.constantFrom(
    "acme-travel",
    "globetrek",
    "core",
    "s_Unknown123",
    "BK-AAAAAAAA",
    "..",
    "%2e%2e",
    "%00",
    "%ZZ",
    "",
    " ",
    "products",
    "booking",
    "cancel",
  ),
  fc.string({ maxLength: 24 }).map(encodeURIComponent),
  fc.string({ unit: "binary", maxLength: 12 }).map(encodeURIComponent),
);
const template = fc.constantFrom(
  (s: string[]) => `/api/v2/ota/${s[0]}/products`,
  (s: string[]) => `/api/v2/ota/${s[0]}/resolve-product`,
  (s: string[]) => `/api/v2/ota/${s[0]}/availability/${s[1]}/dates`,
  (s: string[]) => `/api/v2/ota/${s[0]}/availability/${s[1]}/timeslots`,
  (s: string[]) => `/api/v2/ota/${s[0]}/questions/${s[1]}`,
  (s: string[]) => `/api/v2/ota/core/questions/${s[1]}`,
  (s: string[]) => `/api/v2/ota/${s[0]}/booking`,
  (s: string[]) => `/api/v2/ota/${s[0]}/booking/${s[1]}`,
  (s: string[]) => `/api/v2/ota/${s[0]}/booking/${s[1]}/cancel`,
  () => "/api/v2/usage/meters",
  (s: string[]) => `/api/v2/${s.join("/")}`,
);
const queryKey = fc.constantFrom("name", "ID", "Name", "StartDate", "EndDate", "Date", "from", "to", "tz", "x");
const queryValue = fc.oneof(
  fc.constantFrom("2026-12-01", "2026-02-30", "0x10", "1e1", "-1", "Europe/Lisbon", "Mars/Olympus", "", "%"),
  fc.string({ maxLength: 20 }),
);
const query = fc
  .array(fc.tuple(queryKey, queryValue), { maxLength: 4 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&")}` : ""));
const body = fc.oneof(
  fc.constant(undefined),
  fc.json({ maxDepth: 3 }),
  fc.string({ maxLength: 200 }),
  fc
    .record({
      ActivityID: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
      Date: fc.oneof(fc.constant("2026-12-01"), fc.string()),
      Time: fc.oneof(fc.constant("09:00"), fc.string()),
      Participants: fc.oneof(fc.integer(), fc.double(), fc.string()),
      Customer: fc.oneof(
        fc.constant(null),
        fc.dictionary(fc.constantFrom("FirstName", "LastName", "Email", "Phone"), fc.oneof(fc.string(), fc.integer())),
      ),
      Meter: fc.oneof(fc.string(), fc.integer()),
      Usage: fc.oneof(fc.double(), fc.string(), fc.integer()),
      OccurredAt: fc.oneof(fc.integer(), fc.double(), fc.string()),
    })
    .map((o) => JSON.stringify(o)),
);
const contentType = fc.constantFrom(
  undefined,
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "",
);
const authorization = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(0, 1).map((i) => `Bearer ${keys[i] ?? ""}`),
  fc.constantFrom("Bearer", "Bearer ", "Basic dXNlcjpwYXNz", "bearer sw_abc", "Bearer sw_12345678_" + "x".repeat(40)),
  fc.string({ maxLength: 60 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
);

describe("the HTTP API under random requests", () => {
  it("never answers 5xx, and every error is a problem document", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"),
        template,
        fc.array(segment, { minLength: 3, maxLength: 3 }),
        query,
        body,
        contentType,
        authorization,
        fc.option(
          fc.string({ maxLength: 40 }).filter((s) => /^[\x21-\x7e]+$/.test(s)),
          { nil: undefined },
        ),
        async (method, path, segments, search, payload, type, auth, idempotencyKey) => {
          const headers = new Headers();
          if (type !== undefined) headers.set("Content-Type", type);
          if (auth !== undefined) headers.set("Authorization", auth);
          if (idempotencyKey !== undefined) headers.set("Idempotency-Key", idempotencyKey);
          const withBody = method !== "GET" && method !== "HEAD" && payload !== undefined;
          const response = await fetch(`${api.base}${path(segments)}${search}`, {
            method,
            headers,
            body: withBody ? payload : undefined,
          });
          const text = await response.text();
          expect(response.status, `${method} ${path(segments)}${search}: ${text}`).toBeLessThan(500);
          if (response.status >= 400 && method !== "HEAD") {
            expect(response.headers.get("content-type"), text).toBe("application/problem+json");
            const problem = JSON.parse(text) as { type: unknown; title: unknown; status: unknown; detail: unknown };
            expect(problem.status).toBe(response.status);
            expect(typeof problem.type).toBe("string");
            expect(typeof problem.title).toBe("string");
            expect(typeof problem.detail).toBe("string");
          }
        },
      ),
      { numRuns: 400 },
    );
  }, 120_000);
});
