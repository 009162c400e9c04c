import { createHmac, timingSafeEqual } from "node:crypto";

/** The header that carries a webhook's signature (contract section 11), both ways. */
export const SIGNATURE_HEADER = "Slotwise-Signature";
/** How old a signed call may be: a captured one cannot be replayed after this. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

function digest(secret: string, signedAt: number, body: string): string {
  return createHmac("sha256", secret).update(`${signedAt}.${body}`).digest("hex");
}

/** `t=<unix>,v1=<hex>`: HMAC-SHA256 with the secret over `<t>.<raw body>`, as Stripe signs. */
export function signatureHeader(secret: string, body: string, signedAt: Date): string {
  const t = Math.floor(signedAt.getTime() / 1000);
  return `t=${t},v1=${digest(secret, t, body)}`;
}

export type SignatureVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Whether `header` signs `body` with `secret` within the tolerance of `now`. Several `v1`
 * values may be sent (a receiver rotating its secret); one that matches is enough. Compared in
 * constant time, so the answer's timing tells nothing of the expected signature.
 */
export function verifySignature(secret: string, header: string | undefined, body: string, now: Date): SignatureVerdict {
  if (!header) return { ok: false, reason: `The ${SIGNATURE_HEADER} header is missing` };
  const parts = header.split(",").map((part) => part.trim().split("="));
  const t = parts.find(([name]) => name === "t")?.[1];
  const signatures = parts.flatMap(([name, value]) => (name === "v1" && value !== undefined ? [value] : []));
  // Strictly 64 lower-case hex digits: Buffer.from(…, "hex") would stop quietly at a bad one.
  const wellFormed = signatures.filter((value) => /^[0-9a-f]{64}$/.test(value));
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0)
    return { ok: false, reason: `The ${SIGNATURE_HEADER} header must be t=<unix seconds>,v1=<hex>` };
  const signedAt = Number(t);
  if (Math.abs(now.getTime() / 1000 - signedAt) > SIGNATURE_TOLERANCE_SECONDS)
    return {
      ok: false,
      reason: `The signature is more than ${SIGNATURE_TOLERANCE_SECONDS / 60} minutes old (or ahead)`,
    };
  const expected = Buffer.from(digest(secret, signedAt, body), "hex");
  const matches = wellFormed.some((value) => {
    const given = Buffer.from(value, "hex");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? { ok: true } : { ok: false, reason: "The signature does not match the body" };
}
