import { describe, expect, it } from "vitest";
import { remembered } from "./memo.ts";

describe("remembered", () => {
  it("computes each input once, and forgets the oldest past its limit", () => {
    const calls: number[] = [];
    const square = remembered(
      (n: number) => {
        calls.push(n);
        return n * n;
      },
      (n) => String(n),
      2,
    );
    expect([square(2), square(2), square(3)]).toEqual([4, 4, 9]);
    expect(calls).toEqual([2, 3]);
    square(4);
    square(2);
    expect(calls).toEqual([2, 3, 4, 2]);
  });
});
