import { describe, expect, it } from "vitest";

import { remembered } from "./remembered.ts";

describe("remembered", () => {
  it("computes each input once, and forgets the oldest past its limit", () => {
    const calls: number[] = [];
    const square = remembered(
      (n: number) => {
        calls.push(n);
        return n * n;
      },
      (n) => String(n),
      { entries: 2 },
    );
    expect([square(2), square(2), square(3)]).toEqual([4, 4, 9]);
    expect(calls).toEqual([2, 3]);
    square(4);
    square(2);
    expect(calls).toEqual([2, 3, 4, 2]);
  });

  it("never keeps a key longer than its bound, however often it comes", () => {
    const calls: string[] = [];
    const length = remembered(
      (s: string) => {
        calls.push(s);
        return s.length;
      },
      (s) => s,
      { keyLength: 5 },
    );
    const long = "x".repeat(6);
    expect([length(long), length(long), length("short"), length("short")]).toEqual([6, 6, 5, 5]);
    expect(calls).toEqual([long, long, "short"]);
  });
});
