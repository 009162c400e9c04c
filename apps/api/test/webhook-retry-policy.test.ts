import { describe, expect, it } from "vitest";

import { DEFAULT_RETRY_POLICY, nextAttemptAt } from "../src/webhooks/retry-policy.ts";

describe("webhook retries", () => {
  it("start about a minute after a failure, double each time, and go on for 24 hours before giving up", () => {
    const from = new Date("2026-11-23T12:00:00Z");
    let at = from;
    const delays: number[] = [];
    for (let attempts = 1; ; attempts++) {
      const next = nextAttemptAt(DEFAULT_RETRY_POLICY, attempts, from, at);
      if (!next) break;
      delays.push((next.getTime() - at.getTime()) / 60_000);
      at = next;
    }
    expect(delays).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024]);
    // The last attempt is 34 hours after the event: at least 24 hours of retries.
    expect((at.getTime() - from.getTime()) / 3_600_000).toBeCloseTo(34.1, 1);
  });
});
