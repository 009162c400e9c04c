import { randomString, type RandomBytes } from "./random-string.ts";

/** No 0/O, 1/I/L or U: a reference read out over the phone is not misheard. */
export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
export const REFERENCE_PATTERN = /^BK-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/;

/** 30^8 ≈ 6.6e11 references: guessing one is hopeless at the API's rate limit. */
export function newBookingReference(random?: RandomBytes): string {
  return `BK-${randomString(REFERENCE_ALPHABET, 8, random)}`;
}

export function isBookingReference(value: string): boolean {
  return REFERENCE_PATTERN.test(value);
}
