import { createHash } from "node:crypto";

import { isApiKeyFormat, remembered } from "@slotwise/core";

const sha256 = (key: string) => createHash("sha256").update(key).digest("hex");

/** At most 10,000 keys, each 52 characters: about 2 MB. Past them, the half least recently used goes. */
const rememberedSha256 = remembered(sha256, (key) => key, { entries: 10_000 });

/**
 * The only form in which a key is stored: its SHA-256, in hex. A key holds 238 random bits,
 * so a fast hash is enough (there is nothing to brute-force), and it must be fast: every
 * request with a key hashes it, synchronously (WebCrypto's asynchronous digest costs far more
 * per call). A partner's GET needs its key's hash three times (rate limit, kept answer,
 * authentication), so the hashes of recently seen keys are remembered. Only strings
 * in a key's format are: anything else (a made-up or malformed token) is hashed every time and
 * never kept, so it can push real keys out of the memo but never hold memory of its own.
 */
export function hashApiKey(key: string): string {
  return isApiKeyFormat(key) ? rememberedSha256(key) : sha256(key);
}
