import { describe, expect, it } from "vitest";

import { hashPassword, verifyPassword } from "../src/auth/password.ts";

describe("password hashing", () => {
  it("verifies the right password only, with a fresh salt each time", async () => {
    const [a, b] = await Promise.all([hashPassword("correct-horse-battery"), hashPassword("correct-horse-battery")]);
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("correct-horse-battery", a)).toBe(true);
    expect(await verifyPassword("correct-horse-batterz", a)).toBe(false);
    expect(await verifyPassword("x", "not-a-hash")).toBe(false);
  });
});
