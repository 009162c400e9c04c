/**
 * Uniform random characters from `alphabet`, from the platform's CSPRNG (Web Crypto, present
 * in Node and browsers). Rejection sampling keeps every character equally likely.
 */
export function randomString(alphabet: string, length: number): string {
  const limit = 256 - (256 % alphabet.length);
  let out = "";
  while (out.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte < limit && out.length < length) out += alphabet.charAt(byte % alphabet.length);
    }
  }
  return out;
}

export const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
