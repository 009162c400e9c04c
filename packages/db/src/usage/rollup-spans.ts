import { BUCKET_MS } from "./compact-usage.ts";

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * The UTC days (`YYYY-MM-DD`) whose daily rollups count, each in its one window, as arrays
 * PostgreSQL can `unnest` side by side: read as one range of the index and matched by day, as
 * a year of day windows would otherwise be 366 index searches.
 */
export interface DayWindows {
  day: string[];
  window: number[];
}

/**
 * The shifted days (24 hours from `start[i]`, whose time of day names its shift) whose rollups
 * count, each in its one window (`usage_rollups_shifted_days`). `runs` are the stretches of
 * consecutive days on one shift (a Berlin year: winter, summer, winter), each read as one
 * range of the index.
 */
export interface ShiftedDays {
  start: string[];
  window: number[];
  runs: { shift: number[]; from: string[]; to: string[] };
}

/**
 * The shifts the database keeps (minutes after UTC midnight), each with the instant before
 * which its days are made (`usage_day_shifts.materialized_through`, in milliseconds).
 */
export type KeptShifts = ReadonlyMap<number, number>;

/**
 * Spans `[from[i], to[i])` (instants) of one rollup table, each read once and summed into the
 * edge `edge[i]` it is a piece of.
 */
export interface Spans {
  from: string[];
  to: string[];
  edge: number[];
}

/**
 * Edge `edge[i]` (numbered from 1: a part of a window, or of a UTC day taken away from one,
 * read as whole hours between quarters) counts in window `window[i]`, added or taken away
 * (`sign[i]`). Neighbouring windows share the edge between them, read once.
 */
export interface EdgeUses {
  edge: number[];
  window: number[];
  sign: number[];
}

/** Which rollups, added or taken away, hold the usage of windows that tile `starts[0]`..`end`. */
export interface RollupSpans {
  days: DayWindows;
  shiftedDays: ShiftedDays;
  hours: Spans;
  quarters: Spans;
  uses: EdgeUses;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isoInstant = (ms: number) => new Date(ms).toISOString();
const hourAtOrAfter = (ms: number) => Math.ceil(ms / HOUR_MS) * HOUR_MS;
const hourAtOrBefore = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;

type Grain = "quarter" | "hour";

/** `[from, to)` as whole hours between the quarters at either end, or as quarters alone. */
function piecesOf(from: number, to: number): [Grain, number, number][] {
  const [firstHour, lastHour] = [hourAtOrAfter(from), hourAtOrBefore(to)];
  if (firstHour >= lastHour) return [["quarter", from, to]];
  const pieces: [Grain, number, number][] = [
    ["quarter", from, firstHour],
    ["hour", firstHour, lastHour],
    ["quarter", lastHour, to],
  ];
  return pieces.filter(([, start, end]) => start < end);
}

/** Rollup rows per meter that `[from, to)` costs to read. */
function rowsOf(from: number, to: number): number {
  if (from >= to) return 0;
  return piecesOf(from, to).reduce(
    (rows, [grain, start, end]) => rows + (end - start) / (grain === "hour" ? HOUR_MS : BUCKET_MS),
    0,
  );
}

function collector(shifts: KeptShifts) {
  const days: DayWindows = { day: [], window: [] };
  const shiftedDays: ShiftedDays = { start: [], window: [], runs: { shift: [], from: [], to: [] } };
  const hours: Spans = { from: [], to: [], edge: [] };
  const quarters: Spans = { from: [], to: [], edge: [] };
  const uses: EdgeUses = { edge: [], window: [], sign: [] };
  const numbered = new Map<string, number>();
  const addDays = (from: number, to: number, window: number) => {
    for (let day = from; day < to; day += DAY_MS) {
      days.day.push(isoDay(day));
      days.window.push(window);
    }
  };
  /** The edge `[from, to)`, read once, counted in `window` with `sign`. */
  const addEdge = (from: number, to: number, window: number, sign: number) => {
    if (from >= to) return;
    const key = `${from}-${to}`;
    let edge = numbered.get(key);
    if (edge === undefined) {
      edge = numbered.size + 1;
      numbered.set(key, edge);
      for (const [grain, start, end] of piecesOf(from, to)) {
        const spans = grain === "hour" ? hours : quarters;
        spans.from.push(isoInstant(start));
        spans.to.push(isoInstant(end));
        spans.edge.push(edge);
      }
    }
    uses.edge.push(edge);
    uses.window.push(window);
    uses.sign.push(sign);
  };
  /**
   * `[from, to)` within the UTC day starting at `day`: read as it is, or as the day's rollup
   * (its one daily row) less the rest of that day, whichever reads fewer rows. The count leaves
   * out that a neighbouring window may read the same rest, which only makes the second way cheaper.
   */
  const addPart = (day: number, from: number, to: number, window: number) => {
    if (from >= to) return;
    if (rowsOf(from, to) <= 1 + rowsOf(day, from) + rowsOf(to, day + DAY_MS)) {
      addEdge(from, to, window, 1);
      return;
    }
    addDays(day, day + DAY_MS, window);
    addEdge(day, from, window, -1);
    addEdge(to, day + DAY_MS, window, -1);
  };
  /**
   * As many whole shifted days as fit from `from`, when its shift is kept, each in `window`,
   * up to the shift's last day made; returns where they end (`from` itself when none fit).
   */
  const addShiftedDays = (from: number, to: number, window: number) => {
    const shift = (from % DAY_MS) / 60_000;
    const through = shifts.get(shift) ?? -Infinity;
    let at = from;
    for (; at + DAY_MS <= to && at < through; at += DAY_MS) {
      const { runs } = shiftedDays;
      if (runs.shift.at(-1) === shift && runs.to.at(-1) === isoInstant(at - DAY_MS))
        runs.to[runs.to.length - 1] = isoInstant(at);
      else {
        runs.shift.push(shift);
        runs.from.push(isoInstant(at));
        runs.to.push(isoInstant(at));
      }
      shiftedDays.start.push(isoInstant(at));
      shiftedDays.window.push(window);
    }
    return at;
  };
  return { spans: { days, shiftedDays, hours, quarters, uses }, addDays, addPart, addShiftedDays };
}

/**
 * Splits each window into the days it wholly holds and its edges. A window that starts where
 * one of `shifts` starts (a local midnight off UTC's) is read as whole shifted days from
 * its start, one row per meter each, as a UTC day is; what is left of it (the last hour of a
 * 25-hour day, a 23-hour day, days not made yet) is read as any other span. A daily rollup counts in a window
 * only when its whole day lies inside it, so a month of any zone is read as about 30 daily rows
 * and two edges of hourly and 15-minute rows, instead of some 3,000 rows. An edge is read as
 * whole hours between quarters, or as its day's rollup less the rest of that day when that
 * reads fewer rows: for a local day that holds no whole UTC day, this is one daily row and the
 * rest of the day on the shorter side of each midnight (in Berlin one hour), read once for the
 * two windows that share it.
 */
export function rollupSpans(starts: readonly Date[], end: Date, shifts: KeptShifts = new Map()): RollupSpans {
  const { spans, addDays, addPart, addShiftedDays } = collector(shifts);
  starts.forEach((start, i) => {
    const e = (starts[i + 1] ?? end).getTime();
    const s = addShiftedDays(start.getTime(), e, i);
    if (s >= e) return;
    const firstDay = Math.ceil(s / DAY_MS) * DAY_MS;
    const lastDay = Math.floor(e / DAY_MS) * DAY_MS;
    if (firstDay > lastDay) {
      addPart(lastDay, s, e, i);
      return;
    }
    addPart(firstDay - DAY_MS, s, firstDay, i);
    addDays(firstDay, lastDay, i);
    addPart(lastDay, lastDay, e, i);
  });
  return spans;
}
