export type KeyState = "active" | "expired" | "revoked";

/** What an API key can do now: a revoked key stays revoked, whatever its expiry says. */
export function keyState(key: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): KeyState {
  if (key.revokedAt) return "revoked";
  return key.expiresAt && key.expiresAt <= now ? "expired" : "active";
}
