import { expect, test } from "vitest";

import { FreshKeys } from "../src/fresh-keys.ts";

test("keys come least recently used first, and none again before its freshness has passed", async () => {
  let clock = 0;
  const slept: number[] = [];
  const keys = new FreshKeys(
    ["a", "b", "c"],
    1_000,
    () => clock,
    (ms) => {
      slept.push(ms);
      clock += ms;
      return Promise.resolve();
    },
  );
  const taken: string[] = [];
  for (let i = 0; i < 3; i++) {
    taken.push(await keys.take());
    clock += 100;
  }
  expect(taken).toEqual(["a", "b", "c"]);
  expect(slept).toEqual([]);
  // "a" was taken at 0 and it is now 300: the pool waits until 1,000 rather than hand it out again.
  expect(await keys.take()).toBe("a");
  expect(slept).toEqual([700]);
  expect(clock).toBe(1_000);
});
