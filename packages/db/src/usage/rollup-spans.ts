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
 * 15-minute rollups: each span `[from[i], to[i])` (instants) is read once, and then counted in
 * every window that uses it: `use.span` indexes the spans (from 1, like `WITH ORDINALITY`).
 */
export interface QuarterSpans {
  from: string[];
  to: string[];
  use: { span: number[]; window: number[]; sign: number[] };
}

/** Which rollups, added or taken away, hold the usage of windows that tile `starts[0]`..`end`. */
export interface RollupSpans {
  days: DayWindows;
  quarters: QuarterSpans;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isoInstant = (ms: number) => new Date(ms).toISOString();

function collector() {
  const days: DayWindows = { day: [], window: [] };
  const quarters: QuarterSpans = { from: [], to: [], use: { span: [], window: [], sign: [] } };
  const quarterIndex = new Map<string, number>();
  const addDays = (from: number, to: number, window: number) => {
    for (let day = from; day < to; day += DAY_MS) {
      days.day.push(isoDay(day));
      days.window.push(window);
    }
  };
  const addQuarters = (from: number, to: number, window: number, sign: number) => {
    if (from >= to) return;
    const key = `${from}-${to}`;
    let span = quarterIndex.get(key);
    if (span === undefined) {
      quarters.from.push(isoInstant(from));
      quarters.to.push(isoInstant(to));
      span = quarters.from.length;
      quarterIndex.set(key, span);
    }
    quarters.use.span.push(span);
    quarters.use.window.push(window);
    quarters.use.sign.push(sign);
  };
  /**
   * `[from, to)` within the UTC day starting at `day`: its quarters when they are at most half
   * the day, or else the day's rollup less the quarters outside it, whichever reads fewer rows.
   */
  const addPart = (day: number, from: number, to: number, window: number) => {
    if (from >= to) return;
    if (to - from <= DAY_MS / 2) {
      addQuarters(from, to, window, 1);
      return;
    }
    addDays(day, day + DAY_MS, window);
    addQuarters(day, from, window, -1);
    addQuarters(to, day + DAY_MS, window, -1);
  };
  return { days, quarters, addDays, addPart };
}

/**
 * Splits each window into the UTC days it wholly holds and its edges. A daily rollup counts in
 * a window only when its whole day lies inside it, so a month of any zone is read as about 30
 * daily rows and two edges of 15-minute rows, instead of some 3,000 rows. An edge longer than
 * half a day is read as its day's rollup less the rest of that day: a local day in a zone off
 * UTC holds no whole UTC day and would otherwise cost 96 quarter rows per meter; this way it
 * is one daily row and the quarters of the shorter side of each midnight (in Kolkata 22, in
 * Berlin 4), read once for the two windows that share them.
 */
export function rollupSpans(starts: readonly Date[], end: Date): RollupSpans {
  const { days, quarters, addDays, addPart } = collector();
  starts.forEach((start, i) => {
    const s = start.getTime();
    const e = (starts[i + 1] ?? end).getTime();
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
  return { days, quarters };
}
