import { afterAll, describe, expect, it } from "vitest";

import { createDatabase, createUsageWriter } from "@slotwise/db";
import { freePort } from "@slotwise/db/testing";

import { ReadCache } from "../src/cache/read-cache.ts";
import { TimeslotTurns } from "../src/fast-paths/timeslot-turns.ts";
import { readiness } from "../src/health/readiness.ts";
import { buildServer } from "../src/http/build-server.ts";
import { createRateLimiter } from "../src/http/rate-limit.ts";
import { createGuards } from "../src/limits/guards.ts";
import { createApiMetrics } from "../src/metrics/api-metrics.ts";
import type { Services } from "../src/trpc/context.ts";
import { GENEROUS_GUARDS, OTA, PROBLEMS_BASE, PUBLIC_BASE, TEST_SETTINGS } from "./harness.ts";

async function serve(
  services: Omit<Services, "metrics" | "usageWriter" | "saleTurns">,
  ready: () => Promise<object>,
  logs?: string[],
) {
  const app = await buildServer({
    env: { LOG_LEVEL: logs ? "error" : "silent", PUBLIC_BASE_URL: PUBLIC_BASE, PROBLEMS_BASE, TRUST_PROXY: false },
    ...(logs ? { logStream: { write: (line: string) => void logs.push(line) } } : {}),
    services: {
      ...services,
      metrics: createApiMetrics(services),
      usageWriter: createUsageWriter(services.db),
      saleTurns: new TimeslotTurns(),
    },
    rateLimit: createRateLimiter({ perSecond: 1000, burst: 1000 }),
    ready,
  });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  afterAll(() => app.close());
  return base;
}

describe("when the database cannot be reached", () => {
  it("answers 503 unavailable problem documents, on requests and on /readyz", async () => {
    const db = createDatabase(`postgresql://postgres:postgres@127.0.0.1:${await freePort()}/nothing`, {
      maxConnections: 1,
    });
    const base = await serve(
      {
        db,
        cache: new ReadCache(0),
        now: () => new Date(),
        settings: TEST_SETTINGS,
        guards: createGuards(GENEROUS_GUARDS),
        authenticateKey: () =>
          Promise.resolve({
            kind: "api-key",
            keyId: 1,
            operatorId: 1,
            prefix: "sw_x",
            scopes: ["ota"],
            partner: { id: 1, slug: "acme-travel" },
          }),
      },
      () => readiness(db),
    );
    const response = await fetch(`${base}${OTA}/products`, { headers: { Authorization: "Bearer sw_x" } });
    expect(response.status).toBe(503);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toEqual({
      type: `${PROBLEMS_BASE}/unavailable`,
      title: "Service Unavailable",
      status: 503,
      detail: "The service cannot reach its database right now; retry shortly",
      instance: `${OTA}/products`,
    });
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { type: string }).type).toBe(`${PROBLEMS_BASE}/unavailable`);
  });
});

describe("when something unexpected fails", () => {
  it("answers 500 internal without a stack, SQL or the internal message", async () => {
    const secret = 'relation "api_keys" does not exist at character 15: SELECT * FROM api_keys';
    const base = await serve(
      {
        db: createDatabase("postgresql://unused@127.0.0.1:1/x"),
        cache: new ReadCache(0),
        now: () => new Date(),
        settings: TEST_SETTINGS,
        guards: createGuards(GENEROUS_GUARDS),
        authenticateKey: () => Promise.reject(new Error(secret)),
      },
      () => Promise.resolve({}),
    );
    const response = await fetch(`${base}${OTA}/products`, { headers: { Authorization: "Bearer sw_x" } });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain("api_keys");
    expect(text).not.toContain("at ");
    expect(JSON.parse(text)).toEqual({
      type: `${PROBLEMS_BASE}/internal`,
      title: "Internal Server Error",
      status: 500,
      detail: "Something went wrong on our side. Retry later, and quote the X-Request-Id header if it persists.",
      instance: `${OTA}/products`,
    });
  });

  it("logs every 500 with its cause and the request's id, on /trpc as on REST", async () => {
    const cause = "the key store fell over";
    const logs: string[] = [];
    const base = await serve(
      {
        db: createDatabase("postgresql://unused@127.0.0.1:1/x"),
        cache: new ReadCache(0),
        now: () => new Date(),
        settings: TEST_SETTINGS,
        guards: createGuards(GENEROUS_GUARDS),
        authenticateKey: () => Promise.reject(new Error(cause)),
      },
      () => Promise.resolve({}),
      logs,
    );
    const input = encodeURIComponent(JSON.stringify({ from: "2026-01-01", to: "2026-01-02" }));
    const calls = [
      { path: `${OTA}/products`, id: "rest-500" },
      { path: `/trpc/usage.series?input=${input}`, id: "trpc-500" },
    ];
    for (const call of calls) {
      const response = await fetch(`${base}${call.path}`, {
        headers: { Authorization: "Bearer sw_x", "X-Request-Id": call.id },
      });
      expect(response.status).toBe(500);
      expect(await response.text()).not.toContain(cause);
      const lines = logs.map((line) => JSON.parse(line) as { reqId?: string; err?: { message?: string } });
      expect(lines.find((line) => line.reqId === call.id)?.err?.message).toBe(cause);
    }
  });
});
