import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";

import { bookingBody, openSlot, type SlotInfo } from "./fixtures.ts";
import { startApi, type Api } from "./harness.ts";

let api: Api;
let keys: string[];
let slot: SlotInfo;

beforeAll(async () => {
  api = await startApi();
  keys = [await api.key(), await api.key({ scopes: ["usage:write", "usage:read"] })];
  slot = await openSlot(api.db, { free: 5 });
});

/** What every answer must be: below 500, and an error always a problem document. */
async function expectNoServerError(response: Response, what: string): Promise<string> {
  const text = await response.text();
  expect(response.status, `${what}: ${text}`).toBeLessThan(500);
  if (response.status >= 400) {
    expect(response.headers.get("content-type"), text).toBe("application/problem+json");
    const problem = JSON.parse(text) as { type: unknown; title: unknown; status: unknown; detail: unknown };
    expect(problem.status).toBe(response.status);
    expect(typeof problem.type).toBe("string");
    expect(typeof problem.title).toBe("string");
    expect(typeof problem.detail).toBe("string");
  }
  return text;
}

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
          if (method === "HEAD") {
            expect(response.status).toBeLessThan(500);
            return;
          }
          await expectNoServerError(response, `${method} ${path(segments)}${search}`);
        },
      ),
      { numRuns: 400 },
    );
  }, 120_000);

  it("takes valid requests with one field mutated, on real paths with a valid key, and sells some", async () => {
    const now = Math.floor(Date.now() / 1000);
    const valid = [
      { path: "/api/v2/ota/acme-travel/booking", key: 0, body: () => bookingBody(slot, { Participants: 1 }) },
      { path: "/api/v2/usage/meters", key: 1, body: () => ({ Meter: "fuzz", Usage: 1.5, OccurredAt: now - 60 }) },
      {
        path: "/api/v2/usage/meters/batch",
        key: 1,
        body: () => ({ Entries: [{ Meter: "fuzz", Usage: 2, OccurredAt: now - 60, EventID: "e-1" }] }),
      },
    ];
    const fields: Record<string, string[][]> = {
      "/api/v2/ota/acme-travel/booking": [
        ["ActivityID"],
        ["Date"],
        ["Time"],
        ["Participants"],
        ["Customer"],
        ["Customer", "FirstName"],
        ["Customer", "LastName"],
        ["Customer", "Email"],
        ["Customer", "Phone"],
        ["PaymentReference"],
        ["Answers"],
        ["Answers", "0", "Value"],
        ["HoldMinutes"],
        ["Units"],
      ],
      "/api/v2/usage/meters": [["Meter"], ["Usage"], ["OccurredAt"], ["ExtraInfo"], ["EventID"]],
      "/api/v2/usage/meters/batch": [
        ["Entries"],
        ["Entries", "0"],
        ["Entries", "0", "Meter"],
        ["Entries", "0", "Usage"],
        ["Entries", "0", "OccurredAt"],
        ["Entries", "0", "EventID"],
        ["Entries", "0", "ExtraInfo"],
      ],
    };
    const DELETE = Symbol("delete");
    const value = fc.oneof(
      fc.constant(DELETE),
      fc.constantFrom(
        null,
        "",
        "\u0000",
        "\ud800",
        "x".repeat(61_000),
        2 ** 31,
        -1,
        0,
        Number.MAX_VALUE,
        "0000-01-01",
        "25:61",
      ),
      fc.string({ maxLength: 40 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
    );
    let sold = 0;
    let deep = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: valid.length - 1 }),
        fc.nat(),
        // One in four requests goes unmutated, so that sales happen on the way.
        fc.oneof({ arbitrary: fc.constant(undefined), weight: 1 }, { arbitrary: value, weight: 3 }),
        fc.string({ maxLength: 12 }),
        async (which, fieldIndex, mutation, suffix) => {
          const target = valid[which];
          if (!target) throw new Error("no such request");
          const body = target.body() as Record<string, unknown>;
          if (target.path.endsWith("/booking")) body.PaymentReference = `FUZZ-${suffix}`;
          const paths = fields[target.path] ?? [];
          const field = paths[fieldIndex % paths.length] ?? [];
          if (mutation !== undefined) {
            let parent: Record<string, unknown> | undefined = body;
            for (const step of field.slice(0, -1)) parent = parent?.[step] as Record<string, unknown> | undefined;
            const last = field[field.length - 1];
            if (parent && typeof parent === "object" && last !== undefined) {
              if (mutation === DELETE) Reflect.deleteProperty(parent, last);
              else parent[last] = mutation;
            }
          }
          deep++;
          const response = await fetch(`${api.base}${target.path}`, {
            method: "POST",
            headers: { Authorization: `Bearer ${keys[target.key] ?? ""}`, "Content-Type": "application/json" },
            body: JSON.stringify(body),
          });
          const text = await expectNoServerError(response, `POST ${target.path} ${field.join(".")}`);
          if (target.path.endsWith("/booking") && response.status === 201) {
            const reference = (JSON.parse(text) as { data: { Reference: string } }).data.Reference;
            expect(await api.db.booking.count({ where: { reference } })).toBe(1);
            sold++;
          }
        },
      ),
      { numRuns: 400 },
    );
    // As many deep requests as random ones in the test above: at least half of the file's.
    expect(deep).toBeGreaterThanOrEqual(400);
    expect(sold).toBeGreaterThan(0);
  }, 240_000);
});
