import { describe, expect, it } from "vitest";

import { ReadCache } from "../src/cache/read-cache.ts";
import { bookingBody, openSlot } from "./fixtures.ts";
import { OTA, startApi } from "./harness.ts";

describe("the read cache", () => {
  it("serves a kept read until its tag changes", async () => {
    const cache = new ReadCache(60_000);
    cache.setLive(true);
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    expect(await cache.read("k", "product:1", load)).toBe(1);
    expect(await cache.read("k", "product:1", load)).toBe(1);
    cache.invalidate("product:2");
    expect(await cache.read("k", "product:1", load)).toBe(1);
    cache.invalidate("product:1");
    expect(await cache.read("k", "product:1", load)).toBe(2);
  });

  it("does not keep a read that a change overtook, nor one that straddled a gap in the announcements", async () => {
    const cache = new ReadCache(60_000);
    cache.setLive(true);
    let release: (value: string) => void = () => undefined;
    const slow = cache.read("k", "t", () => new Promise<string>((r) => (release = r)));
    cache.invalidate("t");
    release("stale");
    expect(await slow).toBe("stale");
    expect(await cache.read("k", "t", () => Promise.resolve("fresh"))).toBe("fresh");

    const straddling = cache.read("j", "u", () => new Promise<string>((r) => (release = r)));
    cache.setLive(false);
    cache.setLive(true);
    release("stale");
    await straddling;
    expect(await cache.read("j", "u", () => Promise.resolve("fresh"))).toBe("fresh");
  });

  it("stands aside while the announcements cannot be heard, and expires entries anyway", async () => {
    const deaf = new ReadCache(60_000);
    let loads = 0;
    await deaf.read("k", "t", () => Promise.resolve(++loads));
    await deaf.read("k", "t", () => Promise.resolve(++loads));
    expect(loads).toBe(2);
    const short = new ReadCache(0);
    short.setLive(true);
    await short.read("k", "t", () => Promise.resolve(++loads));
    await short.read("k", "t", () => Promise.resolve(++loads));
    expect(loads).toBe(4);
  });
});

describe("the read cache's bounds", () => {
  it("holds no more entries, rows or key length than its bounds, however many distinct keys it sees", async () => {
    const cache = new ReadCache(60_000, { maxEntries: 100, maxWeight: 1_000, maxKeyLength: 50 });
    cache.setLive(true);
    for (let i = 0; i < 5_000; i++) {
      await cache.read(`k${i}`, `tag${i % 7}`, () => Promise.resolve(Array.from({ length: i % 40 }, () => i)));
      expect(cache.size).toBeLessThanOrEqual(100);
      expect(cache.weight).toBeLessThanOrEqual(1_000);
    }
    await cache.read("x".repeat(51), "t", () => Promise.resolve(1));
    await cache.read("huge", "t", () => Promise.resolve(Array.from({ length: 1_001 }, () => 0)));
    let loads = 0;
    await cache.read("x".repeat(51), "t", () => Promise.resolve(++loads));
    await cache.read("huge", "t", () => Promise.resolve(++loads));
    expect(loads).toBe(2);
  });

  it("forgets evicted keys everywhere: once its tags change, nothing is left", async () => {
    const cache = new ReadCache(60_000, { maxEntries: 10 });
    cache.setLive(true);
    for (let i = 0; i < 1_000; i++) await cache.read(`k${i}`, `tag${i % 3}`, () => Promise.resolve([i]));
    for (const tag of ["tag0", "tag1", "tag2"]) cache.invalidate(tag);
    expect(cache.size).toBe(0);
    expect(cache.weight).toBe(0);
  });

  it("still drops a read that a change overtook after it had to forget old generations", async () => {
    const cache = new ReadCache(60_000, { maxEntries: 5 });
    cache.setLive(true);
    let release: (value: string) => void = () => undefined;
    const slow = cache.read("k", "t", () => new Promise<string>((r) => (release = r)));
    for (let i = 0; i < 20; i++) cache.invalidate(`other${i}`);
    cache.invalidate("t");
    release("stale");
    await slow;
    expect(await cache.read("k", "t", () => Promise.resolve("fresh"))).toBe("fresh");
  });
});

describe("cached reads against changes made elsewhere", () => {
  it("sees a change written by another process (here: straight SQL) at once, through the database's announcement", async () => {
    const api = await startApi();
    const key = await api.key();
    const info = await openSlot(api.db, { free: 1 });
    const path = `${OTA}/availability/${info.product.activityId}/timeslots?Date=${info.date}`;
    const available = async () => {
      const { data } = (await (await api.request(path, { key })).json()) as {
        data: { Time: string; Available: number }[];
      };
      return data.find((s) => s.Time === info.time)?.Available;
    };
    await expect.poll(() => api.cache.live).toBe(true);
    const before = await available();
    expect(api.cache.size).toBeGreaterThan(0);
    expect(await available()).toBe(before);
    await api.db.$executeRaw`UPDATE timeslots SET capacity = capacity + 7 WHERE id = ${info.slot.id}`;
    await expect.poll(available, { timeout: 2_000, interval: 20 }).toBe((before ?? 0) + 7);

    // A booking through this process is visible to its very next read.
    const booked = await api.request(`${OTA}/booking`, {
      method: "POST",
      key,
      json: bookingBody(info, { Participants: info.product.minParticipants }),
    });
    expect(booked.status).toBe(201);
    expect(await available()).toBe((before ?? 0) + 7 - info.product.minParticipants);

    // A key revoked elsewhere stops working at once, cached or not.
    expect((await api.request(`${OTA}/products`, { key })).status).toBe(200);
    await api.db.apiKey.updateMany({
      where: { revokedAt: null, operator: { slug: "demo" } },
      data: { revokedAt: new Date() },
    });
    await expect
      .poll(async () => (await api.request(`${OTA}/products`, { key })).status, { timeout: 2_000, interval: 20 })
      .toBe(401);
  });
});
