import { ALPHANUMERIC, randomString, type RandomBytes } from "./random-string.ts";

export const ACTIVITY_ID_PATTERN = /^s_[A-Za-z0-9]{6,32}$/;

export function isActivityId(value: string): boolean {
  return ACTIVITY_ID_PATTERN.test(value);
}

export function newActivityId(random?: RandomBytes): string {
  return `s_${randomString(ALPHANUMERIC, 10, random)}`;
}
