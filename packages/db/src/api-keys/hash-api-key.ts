import { createHash } from "node:crypto";

/**
 * The only form in which a key is stored: its SHA-256, in hex. A key holds 238 random bits,
 * so a fast hash is enough (there is nothing to brute-force), and it must be fast: every
 * request with a key hashes it. WebCrypto's asynchronous digest, used at first, cost 12 % of
 * an API process's CPU under a load of usage writes.
 */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}
