import { describe, expect, it } from "vitest";

import { isActivityId, newActivityId } from "./activity-id.ts";
import { apiKeyPrefix, isApiKeyFormat, isApiScope, newApiKey } from "./api-key.ts";
import { isBookingReference, newBookingReference, REFERENCE_ALPHABET } from "./booking-reference.ts";
import { newQuestionId, QUESTION_ID_PATTERN } from "./question-id.ts";
import { randomString } from "./random-string.ts";

describe("ids", () => {
  it("recognises ActivityIDs of the s_ form only", () => {
    expect(isActivityId("s_7Hk2Pq9Lm")).toBe(true);
    expect(isActivityId("s_abcdef")).toBe(true);
    expect(isActivityId(`s_${"a".repeat(32)}`)).toBe(true);
    expect(isActivityId("s_abcde")).toBe(false);
    expect(isActivityId(`s_${"a".repeat(33)}`)).toBe(false);
    expect(isActivityId("x_abcdefg")).toBe(false);
    expect(isActivityId("s_abc-def")).toBe(false);
    expect(isActivityId(newActivityId())).toBe(true);
  });

  it("makes booking references from the unambiguous alphabet, without repeats", () => {
    const refs = Array.from({ length: 2000 }, newBookingReference);
    expect(new Set(refs).size).toBe(refs.length);
    for (const ref of refs) expect(isBookingReference(ref)).toBe(true);
    expect(REFERENCE_ALPHABET).not.toMatch(/[01ILOU]/);
    expect(isBookingReference("BK-0OIL1UAA")).toBe(false);
  });

  it("draws characters uniformly", () => {
    const counts = new Map<string, number>();
    for (const c of randomString("abc", 30_000)) counts.set(c, (counts.get(c) ?? 0) + 1);
    for (const n of counts.values()) expect(Math.abs(n - 10_000)).toBeLessThan(600);
  });

  it("makes API keys with a display prefix", () => {
    const { key, prefix } = newApiKey();
    expect(isApiKeyFormat(key)).toBe(true);
    expect(prefix).toBe(apiKeyPrefix(key));
    expect(prefix).toMatch(/^sw_[A-Za-z0-9]{8}$/);
    expect(key.startsWith(prefix)).toBe(true);
    expect(isApiKeyFormat("sw_short_x")).toBe(false);
    expect(isApiScope("usage:read")).toBe(true);
    expect(isApiScope("admin")).toBe(false);
  });

  it("makes question ids", () => {
    expect(newQuestionId()).toMatch(QUESTION_ID_PATTERN);
  });
});
