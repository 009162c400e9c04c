import { get as httpGet } from "node:http";
import { brotliDecompressSync } from "node:zlib";

import { beforeAll, describe, expect, it } from "vitest";

import { instantToLocal } from "@slotwise/core";

import { AnswerMemo } from "../src/cache/answer-memo.ts";
import { ReadCache } from "../src/cache/read-cache.ts";
import { bookingBody, openSlot } from "./fixtures.ts";
import {
  GENEROUS_GUARDS,
  heldRateLimit,
  inOneSecond,
  METRICS_TOKEN,
  OTA,
  problemOf,
  startApi,
  type Api,
} from "./harness.ts";
import { seriesValue } from "./prometheus-text.ts";

let api: Api;
let key: string;
/** A kept answer under the compression threshold however large the demo catalogue grows: one activity's questions. */
let small: string;
beforeAll(async () => {
  api = await startApi();
  key = await api.key();
  const product = await api.db.product.findFirstOrThrow({
    where: { active: true, operator: { slug: "demo" }, questions: { some: {} } },
    orderBy: { id: "asc" },
  });
  small = `${OTA}/questions/${product.activityId}`;
});

async function served(from: Api = api): Promise<number> {
  const response = await fetch(`${from.base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  return seriesValue(await response.text(), "slotwise_kept_answers_served_total");
}

interface Timeslot {
  Time: string;
  Available: number;
}

const timeslotsOf = async (response: Response) => ((await response.json()) as { data: Timeslot[] }).data;

/** A GET with the key, its headers as sent (names lower-cased, in order) and its body's bytes as latin1. */
async function rawGet(path: string, headers: Record<string, string> = {}, to = { api, key }) {
  await to.api.settled();
  return new Promise<{ status: number; headers: [string, string][]; body: string }>((resolve, reject) => {
    const request = httpGet(
      `${to.api.base}${path}`,
      { headers: { Authorization: `Bearer ${to.key}`, ...headers } },
      (res) => {
        let body = "";
        res.setEncoding("latin1");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => {
          const pairs: [string, string][] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            pairs.push([res.rawHeaders[i]!.toLowerCase(), res.rawHeaders[i + 1]!]);
          resolve({ status: res.statusCode!, headers: pairs, body });
        });
      },
    );
    request.on("error", reject);
  });
}

describe("partner GETs answered from kept answers", () => {
  it("answer a repeated poll from the kept answer, byte for byte, with 304 and HEAD as usual", async () => {
    const info = await openSlot(api.db);
    const path = `${OTA}/availability/${info.product.activityId}/timeslots?Date=${info.date}`;
    const first = await api.request(path, { key });
    const body = await first.text();
    const before = await served();
    const again = await api.request(path, { key });
    expect(await served()).toBe(before + 1);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(body);
    for (const header of ["content-type", "etag", "cache-control"]) {
      expect(again.headers.get(header)).toBe(first.headers.get(header));
    }
    expect(again.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    expect(again.headers.get("ratelimit-remaining")).not.toBeNull();
    const etag = first.headers.get("etag")!;
    const unchanged = await api.request(path, { key, headers: { "If-None-Match": etag } });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get("content-length")).toBe("0");
    expect(await unchanged.text()).toBe("");
    const head = await api.request(path, { key, method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(etag);
    expect(await head.text()).toBe("");
  });

  it("answer a hit with the headers of a miss, in the same order, and count and label it as one", async () => {
    const info = await openSlot(api.db);
    const path = `${OTA}/availability/${info.product.activityId}/timeslots?Date=${info.date}`;
    const route = { route: "/api/v2/ota/{partner}/availability/{ActivityID}/timeslots", method: "GET", status: "200" };
    const metrics = async () =>
      (await fetch(`${api.base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const before = await metrics();
    const miss = await rawGet(path);
    const keptBefore = await served();
    const hit = await rawGet(path);
    expect(await served()).toBe(keptBefore + 1);
    // Values that differ from one request to the next by nature.
    const varying = new Set(["x-request-id", "ratelimit-remaining", "ratelimit-reset", "date"]);
    const fixed = (headers: [string, string][]) => headers.filter(([name]) => !varying.has(name));
    expect(fixed(hit.headers)).toEqual(fixed(miss.headers));
    // In the order sent (fetch's Headers would sort them).
    expect(hit.headers.map(([name]) => name)).toEqual(miss.headers.map(([name]) => name));
    expect(new Map(hit.headers).get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(hit.body).toBe(miss.body);
    const after = await metrics();
    expect(seriesValue(after, "http_requests_total", route) - seriesValue(before, "http_requests_total", route)).toBe(
      2,
    );
    expect(
      seriesValue(after, "http_request_duration_seconds_count", route) -
        seriesValue(before, "http_request_duration_seconds_count", route),
    ).toBe(2);
  });

  it("never serve a kept answer after a sale, or after a change written by anyone else", async () => {
    const info = await openSlot(api.db, { free: 3 });
    const path = `${OTA}/availability/${info.product.activityId}/timeslots?Date=${info.date}`;
    const free = async () =>
      (await timeslotsOf(await api.request(path, { key }))).find((s) => s.Time === info.time)?.Available;
    const start = info.slot.capacity - info.slot.placesTaken;
    expect(await free()).toBe(start);
    const kept = await served();
    expect(await free()).toBe(start);
    expect(await served()).toBe(kept + 1);
    const sold = await api.request(`${OTA}/booking`, { key, method: "POST", json: bookingBody(info) });
    expect(sold.status).toBe(201);
    expect(await free()).toBe(start - info.product.minParticipants);
    // Another process's change reaches this one through the change log, as any other would.
    await api.db.timeslot.update({ where: { id: info.slot.id }, data: { capacity: { increment: 5 } } });
    expect(await free()).toBe(start - info.product.minParticipants + 5);
    await api.db.timeslot.update({ where: { id: info.slot.id }, data: { closed: true } });
    expect(await free()).toBeUndefined();
  });

  it("stop listing a timeslot the moment its sales close, kept answer or not", async () => {
    const info = await openSlot(api.db);
    const product = info.product;
    const closesAt = Date.now() + 2_500;
    const startsAt = new Date(closesAt + product.bookingCutoffMinutes * 60_000);
    const slot = await api.db.timeslot.create({ data: { productId: product.id, startsAt, capacity: 4 } });
    const local = instantToLocal(startsAt, product.timeZone);
    const path = `${OTA}/availability/${product.activityId}/timeslots?Date=${local.date}`;
    const listed = async () => (await timeslotsOf(await api.request(path, { key }))).some((s) => s.Time === local.time);
    expect(await listed()).toBe(true);
    const kept = await served();
    expect(await listed()).toBe(true);
    expect(await served()).toBe(kept + 1);
    await new Promise((resolve) => setTimeout(resolve, closesAt - Date.now() + 50));
    expect(await listed()).toBe(false);
    await api.db.timeslot.delete({ where: { id: slot.id } });
  });

  it("authenticate the key on every request, and keep each key's answers its own", async () => {
    const own = await api.key();
    const path = `${OTA}/products`;
    expect((await api.request(path, { key: own })).status).toBe(200);
    const kept = await served();
    expect((await api.request(path, { key: own })).status).toBe(200);
    expect(await served()).toBe(kept + 1);
    await api.db.apiKey.updateMany({ where: { prefix: own.slice(0, 11) }, data: { revokedAt: new Date() } });
    expect((await api.request(path, { key: own })).status).toBe(401);
    const other = await api.key({ partner: "globetrek" });
    const refused = await api.request(path, { key: other });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
  });
});

describe("kept answers for on-call", () => {
  it("are counted on /metrics, and KEPT_ANSWERS=off answers every poll through its procedure", async () => {
    const path = `${OTA}/products`;
    expect((await api.request(path, { key })).status).toBe(200);
    const page = await (
      await fetch(`${api.base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    expect(seriesValue(page, "slotwise_kept_answers", { measure: "entries" })).toBeGreaterThan(0);
    expect(seriesValue(page, "slotwise_kept_answers", { measure: "bytes" })).toBeGreaterThan(0);

    const off = await startApi({ keptAnswers: "off" });
    const offKey = await off.key();
    const bodies = await Promise.all([1, 2, 3].map(async () => (await off.request(path, { key: offKey })).text()));
    expect(new Set(bodies).size).toBe(1);
    const offPage = await (
      await fetch(`${off.base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    expect(seriesValue(offPage, "slotwise_kept_answers_served_total")).toBe(0);
    expect(seriesValue(offPage, "slotwise_kept_answers", { measure: "entries" })).toBe(0);
  });
});

describe("kept answers served before the router", () => {
  // Answers under the compression threshold are the edge's to answer.
  const UNDER_THRESHOLD = 4 * 1024;

  it("answer 200, 304 and HEAD with the router's status, headers and body", async () => {
    const path = small;
    const miss = await rawGet(path);
    expect(Number(new Map(miss.headers).get("content-length"))).toBeLessThan(UNDER_THRESHOLD);
    const etag = new Map(miss.headers).get("etag")!;
    // A Content-Type header sends the same request through the router (the edge leaves it).
    const router = { "Content-Type": "application/json" };
    const varying = new Set(["x-request-id", "ratelimit-remaining", "ratelimit-reset", "date"]);
    const fixed = (answer: { status: number; headers: [string, string][]; body: string }) => ({
      status: answer.status,
      headers: answer.headers.filter(([name]) => !varying.has(name)),
      body: answer.body,
    });
    const before = await served();
    for (const headers of [{}, { "If-None-Match": etag }] as Record<string, string>[]) {
      expect(fixed(await rawGet(path, headers))).toEqual(fixed(await rawGet(path, { ...headers, ...router })));
    }
    const head = await api.request(path, { key, method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(new Map(miss.headers).get("content-length"));
    expect(await head.text()).toBe("");
    expect(await served()).toBe(before + 5);
  });

  it("leave an answer large enough to compress to the router, which compresses the kept answer as asked", async () => {
    const own = await startApi();
    const to = { api: own, key: await own.key() };
    const product = await own.db.product.findFirstOrThrow({ where: { active: true, operator: { slug: "demo" } } });
    await own.db.product.update({ where: { id: product.id }, data: { description: "A long way round. ".repeat(300) } });
    const path = `${OTA}/products`;
    const plain = await rawGet(path, {}, to);
    expect(Number(new Map(plain.headers).get("content-length"))).toBeGreaterThanOrEqual(UNDER_THRESHOLD);
    const before = await served(own);
    const compressed = await rawGet(path, { "Accept-Encoding": "br" }, to);
    expect(await served(own)).toBe(before + 1);
    expect(new Map(compressed.headers).get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(compressed.body, "latin1")).equals(Buffer.from(plain.body, "latin1"))).toBe(
      true,
    );
  });

  it("leave a hit to the router when the limiter fails on it, which answers it from the kept answer", async () => {
    let fail = false;
    const failing = await startApi({
      beforeRateLimit: () => {
        if (!fail) return Promise.resolve();
        fail = false;
        return Promise.reject(new Error("limiter unavailable"));
      },
    });
    const failingKey = await failing.key();
    const first = await failing.request(small, { key: failingKey });
    fail = true;
    const again = await failing.request(small, { key: failingKey });
    expect(fail).toBe(false);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(await first.text());
  });

  it("tell the client to close a connection whose hit was answered while the server began to close", async () => {
    const limiter = heldRateLimit();
    const closing = await startApi({ beforeRateLimit: limiter.beforeRateLimit });
    const closingKey = await closing.key();
    expect((await closing.request(`${OTA}/products`, { key: closingKey })).status).toBe(200);
    const { arrived, release } = limiter.next();
    const hit = closing.request(`${OTA}/products`, { key: closingKey });
    await arrived;
    const started = Date.now();
    const closed = closing.close();
    // Closing begins on the next turns of the event loop, while the hit still waits.
    await new Promise((r) => setTimeout(r, 100));
    release();
    const answer = await hit;
    expect(answer.status).toBe(200);
    expect(answer.headers.get("connection")).toBe("close");
    await closed;
    // Not Node's keep-alive timeout (5 s): nothing held the server open.
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("charge the caller's rate limit once per hit, and refuse a hit over it with the 429 problem", async () => {
    const limited = await startApi({ perSecond: 3, burst: 5 });
    const path = `${OTA}/products`;
    // A new second: 3 of the main budget and the 2 of the burst, as a hit charged twice would not leave.
    const { responses, hits } = await inOneSecond(
      async (limitedKey) => {
        const keptBefore = await served(limited);
        const responses: Response[] = [];
        for (let i = 0; i < 6; i++) responses.push(await limited.request(path, { key: limitedKey }));
        return { responses, hits: (await served(limited)) - keptBefore };
      },
      {
        // A key of its own per try, its answer kept by a first read in an earlier second.
        setUp: async () => {
          const key = await limited.key();
          expect((await limited.request(path, { key })).status).toBe(200);
          return key;
        },
      },
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
    // The five answered were kept answers, each charged once.
    expect(hits).toBe(5);
    expect(responses.slice(0, 3).map((r) => r.headers.get("ratelimit-remaining"))).toEqual(["2", "1", "0"]);
    const refused = responses[5]!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await problemOf(refused)).problem).toMatchObject({ status: 429, title: "Too Many Requests" });
  });

  it("leave a GET that says it has a body to the router, which answers it from the kept answer too", async () => {
    const path = `${OTA}/products`;
    const first = await api.request(path, { key });
    const before = await served();
    const again = await api.request(path, { key, headers: { "Content-Type": "application/json" } });
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(await first.text());
    expect(await served()).toBe(before + 1);
  });
});

describe("kept answers and the failed-authentication guard", () => {
  // Believed, X-Forwarded-For names the address blocked; not believed, the connection's own is (127.0.0.1).
  it.each([
    { trustProxy: true, otherAddress: 200 },
    { trustProxy: false, otherAddress: 429 },
    { trustProxy: "10.0.0.0/8", otherAddress: 429 },
  ])(
    "refuse an address blocked for guessing keys, as the procedure would, kept answer or not (TRUST_PROXY=$trustProxy)",
    async ({ trustProxy, otherAddress }) => {
      const guarded = await startApi({ guards: { ...GENEROUS_GUARDS, authFailuresPer10Minutes: 3 }, trustProxy });
      const valid = await guarded.key();
      const from = (address: string, key: string) =>
        guarded.request(`${OTA}/products`, { key, headers: { "X-Forwarded-For": address } });
      expect((await from("198.51.100.7", valid)).status).toBe(200);
      expect((await from("198.51.100.7", valid)).status).toBe(200);
      for (let i = 0; i < 3; i++)
        expect((await from("198.51.100.7", `sw_AAAAAAAA_${"A".repeat(39)}${i}`)).status).toBe(401);
      const blocked = await from("198.51.100.7", valid);
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get("content-type")).toBe("application/problem+json");
      expect((await from("198.51.100.8", valid)).status).toBe(otherAddress);
    },
  );
});

describe("AnswerMemo's bounds", () => {
  const answer = (body: string) => ({ body, length: body.length, etag: '"x"', headers: {}, route: "/p" });

  function live(): { cache: ReadCache; trail: () => ReturnType<ReadCache["trace"]>["trail"] } {
    const cache = new ReadCache(60_000);
    cache.setLive(true);
    return {
      cache,
      trail: () => {
        const { trail, reads } = cache.trace();
        void reads.read("k", "tag:1", () => Promise.resolve(1));
        return trail;
      },
    };
  }

  it("let no key push out another key's answers, however many or large the targets it makes up", () => {
    const { cache, trail } = live();
    const memo = new AnswerMemo(cache, {
      maxPerKey: 100,
      maxEntries: 1_000,
      maxBytes: 1_000_000,
      maxBytesPerKey: 100_000,
    });
    for (let k = 0; k < 5; k++) memo.keep(`other-${k}`, "/a", trail(), answer("kept"), null, 0);
    for (let i = 0; i < 5_000; i++) memo.keep("greedy", `/b?junk=${i}`, trail(), answer("j"), null, 0);
    for (let i = 0; i < 500; i++) memo.keep("greedy", `/c?junk=${i}`, trail(), answer("x".repeat(8_000)), null, 0);
    for (let k = 0; k < 5; k++) expect(memo.find(`other-${k}`, "/a", 1)?.body).toBe("kept");
    expect(memo.size).toBeLessThanOrEqual(105);
  });

  it("hold no more than its bytes, and no answer past its time, its change or a gap in the change feed", () => {
    const { cache, trail } = live();
    const memo = new AnswerMemo(cache, { maxBytes: 16_000, ttlMs: 1_000 });
    for (let i = 0; i < 100; i++) memo.keep(`key-${i}`, "/p", trail(), answer("x".repeat(900)), null, 0);
    // Each counted as 2 bytes a character, plus its fields: 6 fit.
    expect(memo.size).toBe(6);
    memo.keep("a", "/t", trail(), answer("t"), new Date(10), 0);
    expect(memo.find("a", "/t", 9)?.body).toBe("t");
    expect(memo.find("a", "/t", 10)).toBeUndefined();
    memo.keep("b", "/t", trail(), answer("t"), null, 0);
    expect(memo.find("b", "/t", 1_000)).toBeUndefined();
    memo.keep("c", "/t", trail(), answer("t"), null, 0);
    cache.invalidate("tag:1");
    expect(memo.find("c", "/t", 1)).toBeUndefined();
    memo.keep("d", "/t", trail(), answer("t"), null, 0);
    cache.setLive(false);
    cache.setLive(true);
    expect(memo.find("d", "/t", 1)).toBeUndefined();
    // An answer that read nothing through the cache has nothing to be checked against: never kept.
    memo.keep("e", "/t", cache.trace().trail, answer("t"), null, 0);
    expect(memo.find("e", "/t", 1)).toBeUndefined();
  });

  it("keep no answer read while the change feed was deaf, even if it is heard again when the answer is done", () => {
    const cache = new ReadCache(60_000);
    const memo = new AnswerMemo(cache);
    const { trail, reads } = cache.trace();
    void reads.read("k", "tag:1", () => Promise.resolve(1));
    cache.setLive(true);
    memo.keep("a", "/t", trail, answer("t"), null, 0);
    expect(memo.find("a", "/t", 1)).toBeUndefined();
  });
});
