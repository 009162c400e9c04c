import { createHmac } from "node:crypto";

import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { signatureHeader, verifySignature } from "../src/webhooks/signature.ts";

const secret = "whsec_test_secret";
const now = new Date("2026-11-23T12:00:00Z");

describe("webhook signatures", () => {
  it("are HMAC-SHA256 over <t>.<raw body>, as a receiver computes them in a few lines of Node", () => {
    const body = '{"type":"payment.succeeded"}';
    const header = signatureHeader(secret, body, now);
    const t = Math.floor(now.getTime() / 1000);
    expect(header).toBe(`t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`);
    expect(verifySignature(secret, header, body, now)).toEqual({ ok: true });
  });

  it("verify only the exact body, with the exact secret, within five minutes either way", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string({ minLength: 1 }),
        fc.integer({ min: -600, max: 600 }),
        (body, other, skew) => {
          const header = signatureHeader(secret, body, new Date(now.getTime() + skew * 1000));
          expect(verifySignature(secret, header, body, now).ok).toBe(Math.abs(skew) <= 300);
          expect(verifySignature(secret, header, body + other, now).ok).toBe(false);
          expect(verifySignature(`${secret}x`, header, body, now).ok).toBe(false);
        },
      ),
    );
  });

  it("refuse a missing or malformed header, and accept any one matching v1 of several", () => {
    expect(verifySignature(secret, undefined, "{}", now)).toMatchObject({ ok: false });
    expect(verifySignature(secret, "v1=abc", "{}", now)).toMatchObject({ ok: false });
    expect(verifySignature(secret, "t=abc,v1=00", "{}", now)).toMatchObject({ ok: false });
    const good = signatureHeader(secret, "{}", now);
    expect(verifySignature(secret, `${good},v1=${"0".repeat(64)}`, "{}", now)).toEqual({ ok: true });
    expect(verifySignature(secret, good.replace(/v1=.*/, "v1=zz"), "{}", now)).toMatchObject({ ok: false });
  });
});
