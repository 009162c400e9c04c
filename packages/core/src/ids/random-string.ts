/** Where random bytes come from: the platform's CSPRNG, or a seeded source for demo data. */
export type RandomBytes = (length: number) => Uint8Array;

export const cryptoRandomBytes: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length));

/**
 * Uniform random characters from `alphabet` (Web Crypto by default, present in Node and
 * browsers). Rejection sampling keeps every character equally likely.
 */
export function randomString(alphabet: string, length: number, random: RandomBytes = cryptoRandomBytes): string {
  const limit = 256 - (256 % alphabet.length);
  let out = "";
  while (out.length < length) {
    for (const byte of random(length * 2)) {
      if (byte < limit && out.length < length) out += alphabet.charAt(byte % alphabet.length);
    }
  }
  return out;
}

export const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
