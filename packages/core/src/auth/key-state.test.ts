import { describe, expect, it } from "vitest";

import { keyState } from "./key-state.ts";

const now = new Date("2026-11-23T12:00:00Z");

describe("keyState", () => {
  it.each([
    [{ revokedAt: null, expiresAt: null }, "active"],
    [{ revokedAt: null, expiresAt: new Date("2026-11-23T12:00:01Z") }, "active"],
    [{ revokedAt: null, expiresAt: now }, "expired"],
    [{ revokedAt: new Date("2026-01-01"), expiresAt: new Date("2027-01-01") }, "revoked"],
    [{ revokedAt: new Date("2026-01-01"), expiresAt: new Date("2026-02-01") }, "revoked"],
  ] as const)("%o is %s", (key, state) => {
    expect(keyState(key, now)).toBe(state);
  });
});
