import { setTimeout as delay } from "node:timers/promises";

import { describe, expect, it } from "vitest";

import { DEFAULT_GUARD_LIMITS, type GuardLimits } from "../../src/limits/guards.ts";
import { answersFor, openSlot } from "../fixtures.ts";
import { CONSOLE_ORIGIN, GENEROUS_GUARDS, inOneSecond, OTA, problemOf, startApi } from "../harness.ts";

const DEMO = { email: "demo@example.com", password: "correct-horse-battery" };

/** A /trpc call as a browser at `address` would send it (the API trusts loopback's X-Forwarded-For). */
function trpcFrom(base: string, address: string) {
  return (path: string, input: unknown, init: { method?: "GET" | "POST"; cookie?: string } = {}) => {
    const headers: Record<string, string> = { "X-Forwarded-For": address, Origin: CONSOLE_ORIGIN };
    if (init.cookie) headers.cookie = init.cookie;
    if ((init.method ?? "POST") === "GET")
      return fetch(`${base}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers });
    return fetch(`${base}/trpc/${path}`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify(input),
    });
  };
}

async function trpcError(response: Response) {
  return ((await response.json()) as { error: { message: string; data: { code: string; httpStatus: number } } }).error;
}

describe("failed authentication is counted per client address", () => {
  it("answers 429 once an address has sent too many unknown keys, before looking any up", async () => {
    const api = await startApi({ guards: { ...GENEROUS_GUARDS, authFailuresPer10Minutes: 100 } });
    const statuses: number[] = [];
    for (let i = 0; i < 250; i++) {
      const response = await api.request(`${OTA}/products`, {
        key: `sw_invented${i}`,
        headers: { "X-Forwarded-For": "198.51.100.1" },
      });
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    expect(statuses.slice(0, 100).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(100).every((s) => s === 429)).toBe(true);
    const refused = await api.request(`${OTA}/products`, {
      key: "sw_invented-more",
      headers: { "X-Forwarded-For": "198.51.100.1" },
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await problemOf(refused)).problem).toMatchObject({
      type: "http://api.test/problems/rate-limited",
      status: 429,
    });
    // Another address, with a real key, is not affected.
    const key = await api.key();
    expect((await api.request(`${OTA}/products`, { key, headers: { "X-Forwarded-For": "198.51.100.2" } })).status).toBe(
      200,
    );
  });

  it("lets no more than the budget of a simultaneous burst of unknown keys through to a 401", async () => {
    const api = await startApi({ guards: { ...GENEROUS_GUARDS, authFailuresPer10Minutes: 100 } });
    const responses = await Promise.all(
      Array.from({ length: 250 }, (_, i) =>
        api.request(`${OTA}/products`, { key: `sw_burst${i}`, headers: { "X-Forwarded-For": "198.51.100.9" } }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    await Promise.all(responses.map((r) => r.arrayBuffer()));
    expect(statuses.filter((s) => s === 401)).toHaveLength(100);
    expect(statuses.filter((s) => s === 429)).toHaveLength(150);
    // A real key from that address is refused too while the budget is spent; another address is not.
    const key = await api.key();
    expect((await api.request(`${OTA}/products`, { key, headers: { "X-Forwarded-For": "198.51.100.9" } })).status).toBe(
      429,
    );
    expect((await api.request(`${OTA}/products`, { key, headers: { "X-Forwarded-For": "198.51.100.8" } })).status).toBe(
      200,
    );
  });

  it("counts made-up session cookies on /trpc too, answering TOO_MANY_REQUESTS", async () => {
    const api = await startApi({ guards: { ...GENEROUS_GUARDS, authFailuresPer10Minutes: 5 } });
    const call = trpcFrom(api.base, "198.51.100.3");
    for (let i = 0; i < 5; i++)
      expect(
        (await call("console.session.me", undefined, { method: "GET", cookie: `sw_session=made-up-${i}` })).status,
      ).toBe(401);
    const refused = await call("console.session.me", undefined, { method: "GET", cookie: "sw_session=made-up-last" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await trpcError(refused)).toMatchObject({ data: { code: "TOO_MANY_REQUESTS", httpStatus: 429 } });
  });
});

describe("sign-in guessing", () => {
  const limits: GuardLimits = {
    ...GENEROUS_GUARDS,
    signIn: { ...DEFAULT_GUARD_LIMITS.signIn, freeFailures: 3, accountFailuresPerDay: 10, addressFailuresPerDay: 30 },
  };

  it("makes a stranger wait after the free failures, even with the right password, while the rightful user's known address still signs in", async () => {
    const api = await startApi({ guards: limits });
    const owner = trpcFrom(api.base, "203.0.113.10");
    const stranger = trpcFrom(api.base, "203.0.113.66");
    expect((await owner("console.session.signIn", DEMO)).status).toBe(200);

    for (let i = 0; i < 4; i++)
      expect((await stranger("console.session.signIn", { ...DEMO, password: `guess-${i}` })).status).toBe(401);
    // The answer does not depend on the password: it was not checked.
    for (const password of ["guess-again", DEMO.password]) {
      const refused = await stranger("console.session.signIn", { ...DEMO, password });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(await trpcError(refused)).toMatchObject({ data: { code: "TOO_MANY_REQUESTS" } });
    }
    expect((await owner("console.session.signIn", DEMO)).status).toBe(200);
  });

  it("doubles the wait after each further failure", async () => {
    const api = await startApi({ guards: limits });
    const stranger = trpcFrom(api.base, "203.0.113.67");
    const guess = (i: number) =>
      stranger("console.session.signIn", { email: "harbour@example.com", password: `guess-${i}` });
    for (let i = 0; i < 4; i++) expect((await guess(i)).status).toBe(401);
    expect((await guess(4)).headers.get("retry-after")).toBe("1");
    await delay(1_100);
    expect((await guess(5)).status).toBe(401);
    const refused = await guess(6);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("2");
  });

  it("checks one guess at a time per account, so a batch of simultaneous guesses gets no further than one", async () => {
    const api = await startApi({ guards: limits });
    const guesses = Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => [i, { email: "harbour@example.com", password: `batched-${i}` }]),
    );
    const response = await fetch(`${api.base}/trpc/${Array(10).fill("console.session.signIn").join(",")}?batch=1`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: CONSOLE_ORIGIN, "X-Forwarded-For": "203.0.113.68" },
      body: JSON.stringify(guesses),
    });
    const results = (await response.json()) as { error?: { data: { code: string } } }[];
    const codes = results.map((result) => result.error?.data.code);
    expect(codes.filter((code) => code === "UNAUTHORIZED")).toHaveLength(1);
    expect(codes.filter((code) => code === "TOO_MANY_REQUESTS")).toHaveLength(9);
  });

  it("ends an account's day at its cap for every address but the ones it signed in from", async () => {
    const api = await startApi({
      guards: { ...limits, signIn: { ...limits.signIn, freeFailures: 100, accountFailuresPerDay: 5 } },
    });
    const owner = trpcFrom(api.base, "203.0.113.20");
    expect((await owner("console.session.signIn", DEMO)).status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect(
        (
          await trpcFrom(api.base, `203.0.113.${30 + i}`)("console.session.signIn", {
            email: " DEMO@example.com",
            password: "wrong",
          })
        ).status,
      ).toBe(401);
    expect((await trpcFrom(api.base, "203.0.113.40")("console.session.signIn", DEMO)).status).toBe(429);
    expect((await owner("console.session.signIn", DEMO)).status).toBe(200);
  });

  it("caps an address's failures a day over every account it tries", async () => {
    const api = await startApi({ guards: limits });
    const sprayer = trpcFrom(api.base, "203.0.113.99");
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++)
      statuses.push(
        (await sprayer("console.session.signIn", { email: `nobody-${i}@example.com`, password: "x" })).status,
      );
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    expect((await sprayer("console.session.signIn", DEMO)).status).toBe(429);
    expect((await trpcFrom(api.base, "203.0.113.100")("console.session.signIn", DEMO)).status).toBe(200);
  });
});

describe("/trpc has a request budget per key, session and address", () => {
  it("gives each anonymous address its own budget and answers 429 with Retry-After past it", async () => {
    const api = await startApi({ perSecond: 3, burst: 3 });
    const first = trpcFrom(api.base, "192.0.2.1");
    const { statuses, refused } = await inOneSecond(async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await first("shopfront.activities", { operator: "demo" }, { method: "GET" })).status);
      return { statuses, refused: await first("shopfront.activities", { operator: "demo" }, { method: "GET" }) };
    });
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await trpcError(refused)).toMatchObject({ data: { code: "TOO_MANY_REQUESTS", httpStatus: 429 } });
    expect(
      (await trpcFrom(api.base, "192.0.2.2")("shopfront.activities", { operator: "demo" }, { method: "GET" })).status,
    ).toBe(200);
  });

  it("draws every call on its address's budget too, so invented cookies buy no fresh budget", async () => {
    const api = await startApi({ perSecond: 3, burst: 3 });
    const browser = trpcFrom(api.base, "192.0.2.3");
    const statuses = await inOneSecond(async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push(
          (
            await browser(
              "shopfront.activities",
              { operator: "demo" },
              { method: "GET", cookie: `sw_session=made-up-${i}` },
            )
          ).status,
        );
      return statuses;
    });
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(3)).toEqual([429, 429, 429]);
  });

  it("counts each call of a batch against the budget, however its commas are spelled", async () => {
    const api = await startApi({ perSecond: 3, burst: 3 });
    const batch = (address: string, calls: number, comma = ",") =>
      fetch(
        `${api.base}/trpc/${Array(calls).fill("shopfront.activities").join(comma)}?batch=1&input=${encodeURIComponent(
          JSON.stringify(Object.fromEntries(Array.from({ length: calls }, (_, i) => [i, { operator: "demo" }]))),
        )}`,
        { headers: { "X-Forwarded-For": address } },
      );
    const { whole, over } = await inOneSecond(async () => ({
      whole: await batch("192.0.2.6", 3),
      over: await batch("192.0.2.6", 1),
    }));
    expect(whole.status).toBe(200);
    expect(over.status).toBe(429);
    expect((await batch("192.0.2.7", 4)).status).toBe(429);
    expect((await batch("192.0.2.8", 4, "%2C")).status).toBe(429);
    expect((await batch("192.0.2.9", 4, "%2c")).status).toBe(429);
  });

  it("limits anonymous shopfront orders and waitlist entries per address per hour, valid or not", async () => {
    const api = await startApi({ guards: { ...GENEROUS_GUARDS, shopWritesPerHour: 3 } });
    const shopper = trpcFrom(api.base, "192.0.2.4");
    for (let i = 0; i < 3; i++)
      expect((await shopper("shopfront.joinWaitlist", { operator: "demo" })).status).toBe(422);
    const refused = await shopper("shopfront.checkout", { operator: "demo" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3_000);
    expect((await trpcFrom(api.base, "192.0.2.5")("shopfront.joinWaitlist", { operator: "demo" })).status).toBe(422);
  });
});

describe("unpaid checkouts", () => {
  it("hold at most the address's budget of places, so one visitor cannot hold whole timeslots", async () => {
    const api = await startApi({ guards: { ...GENEROUS_GUARDS, checkoutPlacesPer15Minutes: 5 } });
    const info = await openSlot(api.db, { productName: "Fado Night in Mouraria", free: 8 });
    const order = (address: string, Participants: number) =>
      trpcFrom(api.base, address)("shopfront.checkout", {
        operator: "demo",
        ActivityID: info.product.activityId,
        Date: info.date,
        Time: info.time,
        Participants,
        Customer: { FirstName: "Hoard", LastName: "Er", Email: "hoard@example.com", Phone: "+351912000444" },
        Answers: answersFor(info.product),
      });
    expect((await order("192.0.2.40", 2)).status).toBe(200);
    expect((await order("192.0.2.40", 3)).status).toBe(200);
    const refused = await order("192.0.2.40", 1);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(800);
    expect((await order("192.0.2.41", 2)).status).toBe(200);
    const slot = await api.db.timeslot.findUniqueOrThrow({ where: { id: info.slot.id } });
    expect(slot.placesTaken).toBe(info.slot.placesTaken + 7);
  });
});

describe("client addresses", () => {
  it("ignores X-Forwarded-For unless the sender is a trusted proxy", async () => {
    const api = await startApi({ trustProxy: false, guards: { ...GENEROUS_GUARDS, shopWritesPerHour: 2 } });
    for (const address of ["192.0.2.10", "192.0.2.11"])
      expect((await trpcFrom(api.base, address)("shopfront.joinWaitlist", { operator: "demo" })).status).toBe(422);
    expect((await trpcFrom(api.base, "192.0.2.12")("shopfront.joinWaitlist", { operator: "demo" })).status).toBe(429);
  });
});

describe("the public ticket page has a request budget per address", () => {
  it("answers 429 past the address's budget, page and QR image alike, and other addresses still get theirs", async () => {
    const api = await startApi({ perSecond: 3, burst: 3 });
    const code = "0".repeat(32);
    const from = (address: string, path: string) =>
      fetch(`${api.base}/api/v2/tickets/${path}`, { headers: { "X-Forwarded-For": address } });
    // A burst of ten at once against a budget of three: the budget's worth are answered, the rest refused.
    const burst = await inOneSecond(() =>
      Promise.all(Array.from({ length: 10 }, (_, i) => from("192.0.2.30", i % 2 === 0 ? code : `${code}.svg`))),
    );
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((s) => s === 404).length).toBeGreaterThanOrEqual(3);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
    expect(statuses.every((s) => s === 404 || s === 429)).toBe(true);
    const refused = burst.find((response) => response.status === 429);
    if (!refused) throw new Error("no 429");
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await problemOf(refused)).problem).toMatchObject({
      type: "http://api.test/problems/rate-limited",
      status: 429,
    });
    expect((await from("192.0.2.31", `${code}.svg`)).status).toBe(404);
  });
});
