import { describe, expect, it } from "vitest";

import { remembered } from "./remembered.ts";

describe("remembered", () => {
  it("computes each input once, and forgets what was least recently used past its limit", () => {
    const calls: number[] = [];
    const square = remembered(
      (n: number) => {
        calls.push(n);
        return n * n;
      },
      (n) => String(n),
      { entries: 4 },
    );
    expect([square(2), square(2), square(3)]).toEqual([4, 4, 9]);
    expect(calls).toEqual([2, 3]);
    square(4);
    square(2);
    square(5);
    square(6);
    // 3 was used least recently: gone; 2, 5 and 6 are still known.
    square(2);
    square(5);
    square(6);
    expect(calls).toEqual([2, 3, 4, 5, 6]);
    square(3);
    expect(calls).toEqual([2, 3, 4, 5, 6, 3]);
  });

  it("keeps at least the last half of its entries through any number of inputs, and no more than them", () => {
    let calls = 0;
    const identity = remembered(
      (n: number) => {
        calls++;
        return n;
      },
      (n) => String(n),
      { entries: 1_000 },
    );
    for (let n = 0; n < 100_000; n++) identity(n);
    calls = 0;
    for (let n = 99_500; n < 100_000; n++) identity(n);
    expect(calls).toBe(0);
    for (let n = 98_000; n < 99_000; n++) identity(n);
    expect(calls).toBe(1_000);
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
