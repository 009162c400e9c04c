import { addDays, todayIn } from "@slotwise/core";

import type { BenchStack } from "../stack.ts";
import { sequentialLatency } from "../timed-get.ts";

export interface SeriesFigure {
  entries: number;
  days: number;
  window: "hour" | "day" | "month";
  zone: string;
  /** Points per meter in each answer. */
  points: number;
  meters: number;
  p50: number;
  p95: number;
}

/** The series asked for: the target's (days over a year, in both zones), then hours and months for context. */
const SHAPES = [
  { days: 366, window: "day", zone: "UTC" },
  { days: 366, window: "day", zone: "Asia/Kolkata" },
  { days: 31, window: "hour", zone: "UTC" },
  { days: 366, window: "month", zone: "UTC" },
] as const;

/**
 * GET /usage/meters/series one request at a time, as a dashboard drawing a chart would, after
 * three warm-up calls; every meter with usage in the period (no `meter` filter).
 */
export async function seriesLatency(
  stack: BenchStack,
  api: string,
  entries: number,
  samples: number,
): Promise<SeriesFigure[]> {
  const headers = { authorization: `Bearer ${stack.keys.usageRead}` };
  const figures: SeriesFigure[] = [];
  for (const { days, window, zone } of SHAPES) {
    const to = todayIn(zone, new Date());
    const from = addDays(to, -(days - 1));
    const url = `${api}/api/v2/usage/meters/series?from=${from}&to=${to}&tz=${encodeURIComponent(zone)}&window=${window}`;
    const latency = await sequentialLatency(() => ({ url, headers }), samples);
    // The shape is read from one more answer, untimed.
    const body = (await (await fetch(url, { headers })).json()) as { data: { Series: { Points: unknown[] }[] } };
    const shape = { points: body.data.Series[0]?.Points.length ?? 0, meters: body.data.Series.length };
    figures.push({ entries, days, window, zone, ...shape, ...latency });
  }
  return figures;
}
