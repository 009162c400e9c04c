import { describe, expect, it, vi } from "vitest";

import type { Database } from "@slotwise/db";

import { AnswerMemo } from "../src/cache/answer-memo.ts";
import { ReadCache } from "../src/cache/read-cache.ts";
import { createApiMetrics } from "../src/metrics/api-metrics.ts";
import { seriesValue } from "./prometheus-text.ts";

const answer = (body: string) => ({ body, length: body.length, etag: '"x"', headers: {}, route: "/p" });

/** A live cache, a trail that read through it, and a clock the test moves. */
function setUp() {
  const cache = new ReadCache(60_000);
  cache.setLive(true);
  const trail = () => {
    const { trail, reads } = cache.trace();
    void reads.read("k", "tag:1", () => Promise.resolve(1));
    return trail;
  };
  const clock = { now: 1_000_000 };
  const memo = new AnswerMemo(cache, { ttlMs: 30_000, sweepEveryMs: 10 }, () => clock.now);
  // Only the kept answers' gauge is read below: no database is asked.
  const metrics = createApiMetrics({ db: {} as Database, cache });
  metrics.watchKeptAnswers(memo);
  const gauge = async (measure: "entries" | "bytes") =>
    seriesValue(await metrics.registry.getSingleMetricAsString("slotwise_kept_answers"), "slotwise_kept_answers", {
      measure,
    });
  return { memo, trail, clock, gauge };
}

describe("AnswerMemo's sweep", () => {
  it("drops answers past their time without any lookup, and the gauge goes back to 0", async () => {
    const { memo, trail, clock, gauge } = setUp();
    try {
      for (let i = 0; i < 50; i++)
        memo.keep(`key-${i % 5}`, `/p?i=${i}`, trail(), answer("x".repeat(100)), null, clock.now);
      // One whose sales close sooner: its time comes first.
      memo.keep("key-0", "/soon", trail(), answer("s"), new Date(clock.now + 1_000), clock.now);
      expect(await gauge("entries")).toBe(51);
      expect(await gauge("bytes")).toBeGreaterThan(0);

      clock.now += 1_000;
      await vi.waitFor(() => {
        expect(memo.size).toBe(50);
      });
      // Sweeps come and go: nothing still within its time is touched.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await gauge("entries")).toBe(50);

      clock.now += 29_000;
      await vi.waitFor(async () => {
        expect(await gauge("entries")).toBe(0);
      });
      expect(await gauge("bytes")).toBe(0);
      expect(memo.bytes).toBe(0);
    } finally {
      memo.close();
    }
  });

  it("sweeps no more once closed", async () => {
    const { memo, trail, clock } = setUp();
    memo.keep("key", "/p", trail(), answer("x"), null, clock.now);
    memo.close();
    clock.now += 60_000;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(memo.size).toBe(1);
    // A lookup still drops it, as it always does.
    expect(memo.find("key", "/p", clock.now)).toBeUndefined();
    expect(memo.size).toBe(0);
  });
});
