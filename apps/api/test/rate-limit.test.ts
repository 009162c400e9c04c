import { beforeAll, describe, expect, it } from "vitest";

import { inOneSecond, OTA, problemOf, startApi, type Api } from "./harness.ts";

let api: Api;
beforeAll(async () => {
  api = await startApi({ perSecond: 3, burst: 5 });
});

describe("rate limits in memory", () => {
  it("lets a key burst to its burst size, then answers 429 with Retry-After; other keys are unaffected", async () => {
    const other = await api.key({ partner: "globetrek" });
    const { responses, stranger } = await inOneSecond(
      async (key) => {
        const responses = await Promise.all(Array.from({ length: 6 }, () => api.request(`${OTA}/products`, { key })));
        return { responses, stranger: await api.request("/api/v2/ota/globetrek/products", { key: other }) };
      },
      // A fresh key per try: a try too slow to count has spent its key's burst for 10 s.
      { setUp: () => api.key() },
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = responses.find((r) => r.status === 429)!;
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get("ratelimit-limit")).toBe("3");
    const { problem } = await problemOf(limited);
    expect(problem).toMatchObject({
      type: "http://api.test/problems/rate-limited",
      status: 429,
      title: "Too Many Requests",
    });
    expect(stranger.status).toBe(200);
    expect(stranger.headers.get("ratelimit-remaining")).toBe("2");
  });
});

describe("heavy reads", () => {
  it("charge a usage series for the points it may answer", async () => {
    const heavy = await startApi({ perSecond: 30, burst: 30 });
    const key = await heavy.key({ scopes: ["usage:read"] });
    const query = "?from=2026-10-01&to=2026-10-31&window=hour&tz=UTC";
    const monthOfHours = () => heavy.request(`/api/v2/usage/meters/series${query}`, { key });
    // Another spelling of the same path is the same request, and costs the same.
    const respelled = () => heavy.request(`/api/v2/usage/x/%2E%2E/meters/./series/${query}`, { key });
    const statuses = await inOneSecond(
      async () => {
        const first = await monthOfHours();
        const cheap = await heavy.request("/api/v2/usage/meters?from=2026-10-01&to=2026-10-31&tz=UTC", { key });
        const second = await respelled();
        return [first.status, cheap.status, second.status];
      },
      { withinMs: 300 },
    );
    // 31 days of hours for up to 25 meters cost 20 of the 30 a second; a summary costs 1.
    expect(statuses).toEqual([200, 200, 429]);
  });

  it("charge a period too long for a series as one request, so that it gets its 422 and not 429 forever", async () => {
    const heavy = await startApi({ perSecond: 30, burst: 30 });
    const key = await heavy.key({ scopes: ["usage:read"] });
    for (const query of ["from=2000-01-01&to=9999-12-31", "from=2026-01-01&to=2026-12-31&window=hour"]) {
      const response = await heavy.request(`/api/v2/usage/meters/series?${query}&tz=UTC`, { key });
      expect(response.status, query).toBe(422);
      expect((await problemOf(response)).problem).toMatchObject({ status: 422 });
    }
  });

  it("charge a usage series called over /trpc as over REST, in a batch too", async () => {
    const heavy = await startApi({ perSecond: 30, burst: 30 });
    const key = await heavy.key({ scopes: ["usage:read"] });
    const month = { from: "2026-10-01", to: "2026-10-31", window: "hour", tz: "UTC" };
    const call = (path: string, input: unknown) =>
      heavy.request(`/trpc/${path}input=${encodeURIComponent(JSON.stringify(input))}`, { key });
    for (let attempt = 0; attempt < 5; attempt++) {
      await new Promise((r) => setTimeout(r, 1100));
      const started = Date.now();
      const first = await call("usage.series?", month);
      // Named as tRPC reads it after decoding the path twice.
      const second = await call("usage%252Eseries?", month);
      await new Promise((r) => setTimeout(r, 1100));
      const batch = await call("usage.meterDefinitions,usage.series?batch=1&", { 0: {}, 1: month });
      if (Date.now() - started > 1_500) continue;
      expect([first.status, second.status]).toEqual([200, 429]);
      expect(batch.status).toBe(200);
      return;
    }
    throw new Error("could not fit the requests into their seconds");
  });
});
