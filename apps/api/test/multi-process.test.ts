import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { useTestDatabase } from "@slotwise/db/testing";
import { spawnApis, startRedis, type ApiProcess } from "@slotwise/testing/processes";

import { bookingBody, openSlot } from "./fixtures.ts";
import { issueKey, OTA } from "./harness.ts";

const { db, url } = await useTestDatabase({ content: "demo" });
let apis: ApiProcess[] = [];
afterAll(async () => {
  await Promise.all(apis.map((a) => a.stop()));
});

function post(base: string, key: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}${OTA}/booking`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

describe("two API processes on one database", () => {
  beforeAll(async () => {
    // At debug, each request's arrival is logged too: the drain test below waits for it.
    apis = await spawnApis(2, { DATABASE_URL: url, LOG_LEVEL: "debug" });
  });

  it("sell exactly the capacity of one timeslot to 200 simultaneous attempts, answering only 201 and 409", async () => {
    const key = await issueKey(db);
    const info = await openSlot(db, { productName: "Sintra & Cascais Day Trip" });
    await db.timeslot.update({ where: { id: info.slot.id }, data: { capacity: info.slot.placesTaken + 20 } });
    const attempts = Array.from({ length: 200 }, (_, i) =>
      post(
        apis[i % 2]!.base,
        key,
        bookingBody(info, {
          Participants: 1,
          Customer: { FirstName: "P", LastName: String(i), Email: `p${i}@example.com`, Phone: "+351912345678" },
        }),
      ),
    );
    const statuses = (await Promise.all(attempts)).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 409)).toHaveLength(180);
    const slot = await db.timeslot.findUniqueOrThrow({ where: { id: info.slot.id } });
    expect(slot.placesTaken).toBe(slot.capacity);
    const sold = await db.booking.aggregate({
      where: { timeslotId: info.slot.id, status: "CONFIRMED" },
      _sum: { participants: true },
    });
    expect(sold._sum.participants).toBe(slot.placesTaken);
  });

  it("write one info line per request, with its id, route template, status and duration", async () => {
    const products = (id: string, headers: Record<string, string> = {}) =>
      fetch(`${apis[0]!.base}${OTA}/products`, { headers: { "X-Request-Id": id, ...headers } });
    /** The info lines of one request, once the process has had time to write them. */
    const infoLines = async (id: string) => {
      await new Promise((r) => setTimeout(r, 200));
      return apis[0]!.lines
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l.reqId === id && l.level === 30);
    };
    const line = (statusCode: number) => ({
      msg: "request completed",
      method: "GET",
      route: "/api/v2/ota/{partner}/products",
      statusCode,
      durationMs: expect.any(Number) as unknown,
    });

    expect((await products("log-probe-42")).status).toBe(401);
    expect(await infoLines("log-probe-42")).toEqual([expect.objectContaining(line(401))]);

    // A repeated poll answered from its kept answer, before the router, leaves the same line.
    const auth = { Authorization: `Bearer ${await issueKey(db)}` };
    expect((await products("log-probe-43", auth)).status).toBe(200);
    const hit = await products("log-probe-44", auth);
    expect(hit.status).toBe(200);
    expect(hit.headers.get("x-request-id")).toBe("log-probe-44");
    expect(await infoLines("log-probe-44")).toEqual([expect.objectContaining(line(200))]);
  });

  it("finish the requests in flight when stopped, then exit cleanly", async () => {
    const key = await issueKey(db);
    const info = await openSlot(db, { productName: "Fado Night in Mouraria", free: 10 });
    const target = apis[1]!;
    const inFlight = Array.from({ length: 10 }, (_, i) =>
      post(
        target.base,
        key,
        bookingBody(info, {
          Participants: 1,
          Answers: [],
          Customer: { FirstName: "S", LastName: String(i), Email: `s${i}@example.com`, Phone: "+351912345678" },
        }),
        {
          "X-Request-Id": `drain-${i}`,
        },
      ),
    );
    // In flight means received: wait until the server has logged all ten, then stop it.
    const received = () =>
      target.lines.filter((l) => l.includes('"reqId":"drain-') && l.includes("incoming request")).length;
    const deadline = Date.now() + 10_000;
    while (received() < 10 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(received()).toBe(10);
    const code = await target.stop("SIGTERM");
    const statuses = (await Promise.all(inFlight)).map((r) => r.status);
    expect(code).toBe(0);
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 201));
    const created = await db.booking.count({ where: { timeslotId: info.slot.id, customerFirstName: "S" } });
    expect(created).toBe(statuses.filter((s) => s === 201).length);
  });
});

describe("rate limits shared through Redis", () => {
  let redis: { url: string; stop(): Promise<void> };
  let limited: ApiProcess[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    const env = { DATABASE_URL: url, REDIS_URL: redis.url, RATE_LIMIT_PER_SECOND: "5", RATE_LIMIT_BURST: "5" };
    limited = await spawnApis(2, env);
    apis.push(...limited);
  });
  afterAll(async () => {
    await Promise.all(limited.map((a) => a.stop()));
    await redis.stop();
  });

  it("draw two processes' requests from one budget per key", async () => {
    const key = await issueKey(db);
    const get = (base: string) => fetch(`${base}${OTA}/products`, { headers: { Authorization: `Bearer ${key}` } });
    // The budget is per second: run the exchange until it fits inside one second.
    for (let attempt = 0; attempt < 5; attempt++) {
      await new Promise((r) => setTimeout(r, 1100));
      const started = Date.now();
      const first = await Promise.all(Array.from({ length: 5 }, () => get(limited[0]!.base)));
      const other = await get(limited[1]!.base);
      if (Date.now() - started > 700) continue;
      expect(first.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(other.status).toBe(429);
      expect(other.headers.get("content-type")).toBe("application/problem+json");
      expect(Number(other.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(other.headers.get("ratelimit-limit")).toBe("5");
      expect(other.headers.get("ratelimit-remaining")).toBe("0");
      return;
    }
    throw new Error("could not fit six requests into one second");
  });
});
