import { beforeAll, describe, expect, it } from "vitest";

import { OTA, problemOf, startApi, type Api } from "./harness.ts";

let api: Api;
let key: string;
beforeAll(async () => {
  api = await startApi();
  key = await api.key();
});

describe("GET /ota/{partner}/products", () => {
  it("lists the operator's active products ordered by name, in the contract's shape", async () => {
    const response = await api.request(`${OTA}/products`, { key });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, max-age=300");
    const { data } = (await response.json()) as {
      data: { ID: number; Name: string; ActivityID: string; Price: unknown; TimeZone: string }[];
    };
    const expected = await api.db.product.findMany({
      where: { operator: { slug: "demo" }, active: true },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      include: { units: { orderBy: { position: "asc" } } },
    });
    expect(data.map((p) => p.ID)).toEqual(expected.map((p) => p.id));
    expect(data[0]).toEqual({
      ID: expected[0]!.id,
      ActivityID: expected[0]!.activityId,
      Name: expected[0]!.name,
      Description: expected[0]!.description,
      DurationMinutes: expected[0]!.durationMinutes,
      TimeZone: "Europe/Lisbon",
      Location: expected[0]!.location,
      Price: { Amount: expected[0]!.priceAmount, Currency: "EUR" },
      Units: expected[0]!.units.map((unit) => ({
        ID: unit.unitId,
        Label: unit.label,
        MinAge: unit.minAge,
        MaxAge: unit.maxAge,
        Price: { Amount: unit.priceAmount, Currency: "EUR" },
      })),
      MinParticipants: expected[0]!.minParticipants,
      MaxParticipants: expected[0]!.maxParticipants,
    });
  });

  it("filters by a case-insensitive part of the name", async () => {
    const { data } = (await (await api.request(`${OTA}/products?name=KAYAK`, { key })).json()) as {
      data: { Name: string }[];
    };
    expect(data.map((p) => p.Name)).toEqual(["Sunset Kayak Tour"]);
    const none = (await (await api.request(`${OTA}/products?name=zeppelin`, { key })).json()) as { data: unknown[] };
    expect(none.data).toEqual([]);
  });

  it("answers 304 with no body to a matching If-None-Match, and 200 again once the list changes", async () => {
    const first = await api.request(`${OTA}/products?name=tour`, { key });
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await api.request(`${OTA}/products?name=tour`, { key, headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    await api.db.product.updateMany({ where: { name: "Sunset Kayak Tour" }, data: { priceAmount: 4900 } });
    const changed = await api.request(`${OTA}/products?name=tour`, { key, headers: { "If-None-Match": etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("shows one operator's products only to that operator's keys", async () => {
    const harbourKey = await api.key({ operator: "harbour", partner: "acme-travel" });
    const { data } = (await (await api.request(`${OTA}/products`, { key: harbourKey })).json()) as {
      data: { Name: string; TimeZone: string }[];
    };
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((p) => p.TimeZone === "Australia/Sydney")).toBe(true);
    const demoProduct = await api.db.product.findFirstOrThrow({ where: { operator: { slug: "demo" } } });
    const resolved = await api.request(`${OTA}/resolve-product?ID=${demoProduct.id}`, { key: harbourKey });
    expect(resolved.status).toBe(404);
    const dates = await api.request(`${OTA}/availability/${demoProduct.activityId}/timeslots?Date=2026-12-01`, {
      key: harbourKey,
    });
    expect(dates.status).toBe(404);
  });
});

describe("GET /ota/{partner}/resolve-product", () => {
  it("finds a product by ID and by exact name, ignoring case", async () => {
    const product = await api.db.product.findFirstOrThrow({
      where: { operator: { slug: "demo" }, name: "Surf Lesson at Carcavelos" },
    });
    const byId = (await (await api.request(`${OTA}/resolve-product?ID=${product.id}`, { key })).json()) as {
      data: { ActivityID: string };
    };
    expect(byId.data.ActivityID).toBe(product.activityId);
    const byName = await api.request(`${OTA}/resolve-product?Name=${encodeURIComponent("surf lesson AT carcavelos")}`, {
      key,
    });
    expect(((await byName.json()) as { data: { ID: number } }).data.ID).toBe(product.id);
  });

  it.each([
    ["", "Give exactly one of the query parameters ID and Name"],
    ["?ID=1&Name=x", "Give exactly one of the query parameters ID and Name"],
    ["?ID=abc", "ID must be a positive whole number"],
    ["?ID=0x10", "ID must be a positive whole number"],
    ["?ID=1e1", "ID must be a positive whole number"],
    ["?ID=-3", "ID must be a positive whole number"],
  ])("answers 400 bad-request to %s", async (query, detail) => {
    const response = await api.request(`${OTA}/resolve-product${query}`, { key });
    const { problem, contentType } = await problemOf(response);
    expect(response.status).toBe(400);
    expect(contentType).toBe("application/problem+json");
    expect(problem).toEqual({
      type: "http://api.test/problems/bad-request",
      title: "Bad Request",
      status: 400,
      detail,
      instance: `${OTA}/resolve-product`,
    });
  });

  it("answers 404 for an unknown ID or name", async () => {
    for (const query of ["?ID=99999", "?Name=Nothing%20Like%20It"]) {
      const response = await api.request(`${OTA}/resolve-product${query}`, { key });
      expect(response.status).toBe(404);
      expect((await problemOf(response)).problem.type).toBe("http://api.test/problems/not-found");
    }
  });
});

describe("authentication", () => {
  it("answers 401 with WWW-Authenticate without a key, with a malformed, unknown, revoked or expired key", async () => {
    const revoked = await api.key();
    await api.db.apiKey.updateMany({ where: { prefix: revoked.slice(0, 11) }, data: { revokedAt: new Date() } });
    const expired = await api.key();
    await api.db.apiKey.updateMany({
      where: { prefix: expired.slice(0, 11) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    for (const authorization of [
      undefined,
      "Basic abc",
      "Bearer nope",
      `Bearer sw_AAAAAAAA_${"A".repeat(40)}`,
      `Bearer ${revoked}`,
      `Bearer ${expired}`,
    ]) {
      const response = await api.request(`${OTA}/products`, {
        headers: authorization ? { Authorization: authorization } : {},
      });
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect((await problemOf(response)).problem.type).toBe("http://api.test/problems/unauthorized");
    }
  });

  it("answers 401 before looking at the request's parameters", async () => {
    const response = await api.request(`${OTA}/availability/not-an-id/dates`);
    expect(response.status).toBe(401);
  });

  it("answers 403 to a key used under another partner's segment, and to a key without the ota scope", async () => {
    const other = await api.request("/api/v2/ota/globetrek/products", { key });
    expect(other.status).toBe(403);
    expect((await problemOf(other)).problem.detail).toContain("acme-travel");
    const usageOnly = await api.key({ scopes: ["usage:read", "usage:write"] });
    const denied = await api.request(`${OTA}/products`, { key: usageOnly });
    expect(denied.status).toBe(403);
    expect((await problemOf(denied)).problem.detail).toBe(
      "This key does not have the ota scope needed for the partner (OTA) endpoints",
    );
  });

  it("reads percent-encoded letters in a path as the letters (RFC 3986), and refuses a path that does not decode", async () => {
    for (const path of ["/api/v2/ota/acme%2Dtravel/products", "/api/v2/%6Fta/%41cme-travel/products"]) {
      expect((await api.request(path, { key })).status, path).toBe(200);
    }
    const malformed = await api.request("/api/v2/ota/acme%E0%A4%A/products", { key });
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get("content-type")).toContain("application/problem+json");
  });

  it("keeps the last-use time without writing on every request", async () => {
    const fresh = await api.key();
    const prefix = fresh.slice(0, 11);
    await api.request(`${OTA}/products`, { key: fresh });
    expect((await api.db.apiKey.findUniqueOrThrow({ where: { prefix } })).lastUsedAt).toBeNull();
    await api.tracker.flush();
    expect((await api.db.apiKey.findUniqueOrThrow({ where: { prefix } })).lastUsedAt).toBeInstanceOf(Date);
  });
});
