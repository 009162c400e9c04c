import { ALPHANUMERIC, randomString } from "./random-string.ts";

/**
 * `sw_<8 public characters>_<40 secret characters>`. The first 11 characters (`sw_` and the
 * public part) are the display prefix kept in clear; the database keeps the whole key only as
 * its hash (`hashApiKey` in packages/db).
 */
export const API_KEY_PATTERN = /^sw_([A-Za-z0-9]{8})_([A-Za-z0-9]{40})$/;
const PUBLIC_LENGTH = 8;
const SECRET_LENGTH = 40;

export interface NewApiKey {
  key: string;
  prefix: string;
}

export function newApiKey(): NewApiKey {
  const publicPart = randomString(ALPHANUMERIC, PUBLIC_LENGTH);
  const key = `sw_${publicPart}_${randomString(ALPHANUMERIC, SECRET_LENGTH)}`;
  return { key, prefix: apiKeyPrefix(key) };
}

export function isApiKeyFormat(value: string): boolean {
  return API_KEY_PATTERN.test(value);
}

export function apiKeyPrefix(key: string): string {
  return key.slice(0, 3 + PUBLIC_LENGTH);
}

export const API_SCOPES = ["ota", "usage:write", "usage:read", "catalog", "checkin"] as const;
export type ApiScopeName = (typeof API_SCOPES)[number];

export function isApiScope(value: string): value is ApiScopeName {
  return (API_SCOPES as readonly string[]).includes(value);
}
