import { createHash } from "node:crypto";

import { API_KEY_LENGTH, remembered } from "@slotwise/core";

/**
 * The only form in which a key is stored: its SHA-256, in hex. A key holds 238 random bits,
 * so a fast hash is enough (there is nothing to brute-force), and it must be fast: every
 * request with a key hashes it. WebCrypto's asynchronous digest, used at first, cost 12 % of
 * an API process's CPU under a load of usage writes; and since a partner's GET hashed its key
 * three times (rate limit, kept answer, authentication), 6 % of the API's CPU under a load of
 * GETs went to `createHash`, so the hashes of recent keys are remembered. Only strings of a
 * key's length are kept: anything longer is hashed every time and never fills the memo.
 */
export const hashApiKey: (key: string) => string = remembered(
  (key: string) => createHash("sha256").update(key).digest("hex"),
  (key) => key,
  { entries: 10_000, keyLength: API_KEY_LENGTH },
);
