import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";

import { CONSOLE_ORIGIN, startApi, type Api } from "./harness.ts";

let api: Api;
let cookie: string;

beforeAll(async () => {
  api = await startApi();
  const signedIn = await fetch(`${api.base}/trpc/console.session.signIn`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: CONSOLE_ORIGIN },
    body: JSON.stringify({ email: "demo@example.com", password: "correct-horse-battery" }),
  });
  cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
});

const SHOPFRONT = {
  queries: ["shopfront.activities", "shopfront.timeslots"],
  mutations: ["shopfront.checkout", "shopfront.joinWaitlist"],
};
// Signing out would end the session the rest of the run uses.
const CONSOLE = {
  queries: [
    "console.session.me",
    "console.bookings.list",
    "console.bookings.filterOptions",
    "console.bookings.get",
    "console.keys.list",
    "console.activities.list",
    "console.activities.grid",
    "console.outbox.list",
    "console.usage.summary",
    "console.usage.series",
    "console.usage.csv",
    "console.meterDefinitions.list",
    "console.thresholdNotices.list",
    "console.webhooks.list",
    "console.webhooks.deliveries",
  ],
  mutations: [
    "console.bookings.cancel",
    "console.keys.create",
    "console.keys.revoke",
    "console.pointOfSale.sell",
    "console.timeslots.change",
    "console.meterDefinitions.create",
    "console.meterDefinitions.change",
    "console.meterDefinitions.delete",
    "console.webhooks.create",
    "console.webhooks.delete",
    "console.webhooks.redeliver",
    "console.session.signIn",
  ],
};

const hostileString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.constantFrom(
    "\u0000",
    "\ud800",
    "a\udfffb",
    "%",
    "_",
    "\\",
    "2026-02-30",
    "0000-01-01",
    "99:99",
    "US/Pacific-New",
    "Mars/Olympus",
    "x".repeat(3_000),
  ),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(2_147_483_648, -1, 0, 1e308, Number.MAX_SAFE_INTEGER),
);
const field = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
);
const plausibleKeys = fc.constantFrom(
  "operator",
  "ActivityID",
  "Date",
  "Time",
  "Participants",
  "Customer",
  "Answers",
  "from",
  "to",
  "tz",
  "kind",
  "page",
  "pageSize",
  "sort",
  "search",
  "reference",
  "id",
  "productId",
  "timeslotId",
  "capacity",
  "closed",
  "name",
  "scopes",
  "partner",
  "expiresInDays",
  "prefix",
  "email",
  "password",
  "status",
  "source",
);
const input = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 2 }),
  fc.dictionary(plausibleKeys, field, { maxKeys: 6 }),
);

function request(
  path: string,
  kind: "query" | "mutation",
  payload: unknown,
  batch: boolean,
  withCookie: boolean,
  origin: string | undefined,
) {
  const headers: Record<string, string> = {};
  if (withCookie) headers.cookie = cookie;
  if (origin) headers.Origin = origin;
  const wire = batch ? { 0: payload } : payload;
  const search = batch ? "?batch=1" : "";
  if (kind === "query") {
    const encoded = wire === undefined ? "" : `${search ? "&" : "?"}input=${encodeURIComponent(JSON.stringify(wire))}`;
    return fetch(`${api.base}/trpc/${path}${search}${encoded}`, { headers });
  }
  return fetch(`${api.base}/trpc/${path}${search}`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: wire === undefined ? undefined : JSON.stringify(wire),
  });
}

async function expectWellFormed(response: Response, label: string) {
  const text = await response.text();
  expect(response.status, `${label}: ${text.slice(0, 300)}`).toBeLessThan(500);
  const parsed = JSON.parse(text) as unknown;
  const first: unknown = Array.isArray(parsed) ? (parsed as unknown[])[0] : parsed;
  const error = (first as { error?: { message: unknown; data: { code: unknown; httpStatus: unknown } } }).error;
  if (response.status >= 400) {
    expect(error, label).toBeDefined();
    expect(typeof error?.message, label).toBe("string");
    expect(typeof error?.data.code, label).toBe("string");
    expect(error?.data.httpStatus, label).toBe(response.status);
  }
}

describe("/trpc under random calls", () => {
  it("never answers 5xx to anonymous shopfront calls, and every error is a tRPC error", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<"queries" | "mutations">("queries", "mutations"),
        fc.nat(),
        input,
        fc.boolean(),
        async (group, n, payload, batch) => {
          const paths = SHOPFRONT[group];
          const path = paths[n % paths.length] ?? "";
          await expectWellFormed(
            await request(path, group === "queries" ? "query" : "mutation", payload, batch, false, undefined),
            `${path} ${JSON.stringify(payload)}`,
          );
        },
      ),
      { numRuns: 300 },
    );
  }, 120_000);

  it("never answers 5xx to a signed-in console's calls, from its origin or another", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<"queries" | "mutations">("queries", "mutations"),
        fc.nat(),
        input,
        fc.boolean(),
        fc.constantFrom(CONSOLE_ORIGIN, "http://evil.test", undefined),
        async (group, n, payload, batch, origin) => {
          const paths = CONSOLE[group];
          const path = paths[n % paths.length] ?? "";
          await expectWellFormed(
            await request(path, group === "queries" ? "query" : "mutation", payload, batch, true, origin),
            `${path} ${JSON.stringify(payload)}`,
          );
        },
      ),
      { numRuns: 400 },
    );
  }, 180_000);
});
