import { expect, test } from "vitest";

import { latencyByStatus } from "../src/load.ts";
import { percentile, spread } from "../src/percentile.ts";

test("percentile is the nearest rank of the sorted values", () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
  expect(percentile(hundred, 99)).toBe(99);
  expect(percentile(hundred, 50)).toBe(50);
  expect(percentile(hundred, 100)).toBe(100);
  expect(percentile([7], 99)).toBe(7);
  // With ten values, p99 is the largest: nearest rank never interpolates below an observed tail.
  expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 99)).toBe(10);
  expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
  expect(percentile([], 99)).toBeNaN();
});

test("a spread gives the median of an odd or even count, and the min and max", () => {
  expect(spread([0.7, 0.43, 0.6])).toEqual({ median: 0.6, min: 0.43, max: 0.7, values: [0.7, 0.43, 0.6] });
  expect(spread([4, 1, 3, 2]).median).toBe(2.5);
  expect(spread([5]).median).toBe(5);
  expect(() => spread([])).toThrow();
});

test("latencies by status keep a sale's p99 apart from a refusal's", () => {
  const answers: [number, number][] = [
    ...Array.from({ length: 99 }, (_, i): [number, number] => [201, 10 + i]),
    [201, 500],
    ...Array.from({ length: 50 }, (): [number, number] => [409, 2]),
  ];
  const byStatus = latencyByStatus(answers);
  expect(byStatus["2xx"]).toEqual({ count: 100, p50: 59, p99: 108 });
  expect(byStatus["4xx"]).toEqual({ count: 50, p50: 2, p99: 2 });
});
