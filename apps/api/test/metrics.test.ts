import { beforeAll, describe, expect, it } from "vitest";

import { bookingBody, openSlot } from "./fixtures.ts";
import { METRICS_TOKEN, OTA, startApi, type Api } from "./harness.ts";
import { labelValues, seriesValue } from "./prometheus-text.ts";

let api: Api;
beforeAll(async () => {
  api = await startApi();
});

async function scrape(): Promise<string> {
  const response = await fetch(`${api.base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

const BOOKING_ROUTE = { route: "/api/v2/ota/{partner}/booking", method: "POST" };

describe("GET /metrics", () => {
  it("is refused without the scraper's token, as a problem document", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-of-some-length", `Bearer ${METRICS_TOKEN}x`]) {
      const response = await fetch(`${api.base}/metrics`, {
        headers: authorization ? { Authorization: authorization } : {},
      });
      expect(response.status).toBe(401);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
    }
  });

  it("moves with the traffic: requests per route template and status, booking outcomes, usage entries", async () => {
    const otaKey = await api.key();
    const usageKey = await api.key({ scopes: ["usage:write"] });
    const info = await openSlot(api.db, { productName: "Fado Night in Mouraria", free: 2 });
    await api.db.timeslot.update({ where: { id: info.slot.id }, data: { capacity: info.slot.placesTaken + 1 } });
    const before = await scrape();

    const booking = (i: number) =>
      api.request(`${OTA}/booking`, {
        method: "POST",
        key: otaKey,
        json: bookingBody(info, {
          Participants: 1,
          Customer: { FirstName: "M", LastName: String(i), Email: `m${i}@example.com`, Phone: "+351912345678" },
        }),
      });
    expect((await booking(1)).status).toBe(201);
    expect((await booking(2)).status).toBe(409);
    const single = await api.request("/api/v2/usage/meters", {
      method: "POST",
      key: usageKey,
      json: { Meter: "api-calls", Usage: 3 },
    });
    expect(single.status).toBe(201);
    const batch = await api.request("/api/v2/usage/meters/batch", {
      method: "POST",
      key: usageKey,
      json: {
        Entries: [
          { Meter: "api-calls", Usage: 1 },
          { Meter: "api-calls", Usage: 2, EventID: "ev-1" },
          { Meter: "api-calls", Usage: 2, EventID: "ev-1" },
        ],
      },
    });
    expect(batch.status).toBe(201);
    for (let i = 0; i < 3; i++) {
      expect((await api.request(`${OTA}/booking/NO-SUCH-${i}`, { key: otaKey })).status).toBe(404);
      expect((await api.request(`/api/v2/nothing-here-${i}`)).status).toBe(404);
    }

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      seriesValue(after, name, labels) - seriesValue(before, name, labels);
    expect(moved("http_requests_total", { ...BOOKING_ROUTE, status: "201" })).toBe(1);
    expect(moved("http_requests_total", { ...BOOKING_ROUTE, status: "409" })).toBe(1);
    expect(moved("http_request_duration_seconds_count", { ...BOOKING_ROUTE, status: "201" })).toBe(1);
    expect(moved("http_request_duration_seconds_sum", BOOKING_ROUTE)).toBeGreaterThan(0);
    expect(moved("slotwise_bookings_total", { channel: "partner", outcome: "confirmed" })).toBe(1);
    expect(moved("slotwise_bookings_total", { channel: "partner", outcome: "refused_capacity" })).toBe(1);
    // One single entry and two of the batch's three: the third repeats an EventID.
    expect(moved("slotwise_usage_entries_ingested_total")).toBe(3);
    // The single entry went through the group commit, alone: one statement of one entry.
    expect(moved("slotwise_usage_statement_entries_count")).toBe(1);
    expect(moved("slotwise_usage_statement_entries_bucket", { le: "1" })).toBe(1);
    expect(moved("slotwise_read_cache_hits_total") + moved("slotwise_read_cache_misses_total")).toBeGreaterThan(0);

    // Six different paths, two labels: a label per path would let clients grow the page without bound.
    expect(moved("http_requests_total", { route: "/api/v2/ota/{partner}/booking/{Reference}", status: "404" })).toBe(3);
    expect(moved("http_requests_total", { route: "unmatched", status: "404" })).toBe(3);
    const routes = [...labelValues(after, "http_requests_total", "route")];
    expect(routes.filter((r) => r.includes("NO-SUCH") || r.includes("nothing-here"))).toEqual([]);
  });

  it("reports the outbox, the compactor and the database pool", async () => {
    const page = await scrape();
    expect(seriesValue(page, "slotwise_outbox_emails_queued")).toBeGreaterThanOrEqual(0);
    expect(seriesValue(page, "slotwise_outbox_emails_failed")).toBeGreaterThanOrEqual(0);
    expect(seriesValue(page, "slotwise_usage_compactor_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(seriesValue(page, "slotwise_db_pool_connections", { state: "max" })).toBeGreaterThan(0);
    expect(page).toContain("process_cpu_seconds_total");
  });
});
