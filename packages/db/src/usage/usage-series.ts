import type { SeriesRows, WindowTotal } from "@slotwise/core";

import { Prisma } from "../generated/prisma/client.ts";
import type { Db } from "../tx.ts";
import { BUCKET_MS } from "./compact-usage.ts";
import { entriesOutsideRollups } from "./entries-outside-rollups.ts";
import { rollupSpans, type KeptShifts } from "./rollup-spans.ts";

const DAY_MS = 86_400_000;

/**
 * The shifts the database keeps and how far each is made, when some window could use them (a
 * day or longer, starting off UTC midnight). Read before the series' statement: what it says
 * only grows (a shift's days, once made, stay in step), except a shift dropped since, which the
 * statement itself checks.
 */
async function keptShifts(db: Db, starts: readonly Date[], end: Date): Promise<KeptShifts> {
  const couldUse = starts.some(
    (s, i) => s.getTime() % DAY_MS !== 0 && (starts[i + 1] ?? end).getTime() - s.getTime() >= DAY_MS,
  );
  if (!couldUse) return new Map();
  const rows = await db.$queryRaw<{ minutes: number; through: Date }[]>`
    SELECT minutes, materialized_through AS through FROM usage_day_shifts`;
  return new Map(rows.map((r) => [r.minutes, r.through.getTime()]));
}

/**
 * Usage per meter and window, from the rollups and the entries they do not hold (one snapshot),
 * exact like the summary: days wholly inside a window from the daily rollups (UTC's, or those
 * starting at the window's own midnight: usage_rollups_shifted_days), the edges
 * from the hourly and 15-minute ones, or from a daily rollup less its rest when that reads
 * fewer rows (`rollupSpans`): each rollup part names its window. `starts` are the ascending
 * starts of windows that tile `starts[0]`..`end` (`localBuckets`): an entry not yet folded
 * falls in the last window that starts at or before it, found by binary search
 * (`width_bucket`), so no zone name reaches PostgreSQL. Only the `meters` given count, or every meter when null. When an
 * edge is off the 15-minute grid (no zone today), all is summed from the entries.
 */
export async function usageSeries(
  db: Db,
  operatorId: number,
  starts: readonly Date[],
  end: Date,
  meters: readonly string[] | null,
  shifts?: KeptShifts,
): Promise<SeriesRows> {
  const start = starts[0] ?? end;
  const aligned = [...starts, end].every((edge) => edge.getTime() % BUCKET_MS === 0);
  const edges = starts.map((s) => s.toISOString());
  const { days, shiftedDays, hours, quarters, uses } = rollupSpans(
    starts,
    end,
    shifts ?? (aligned ? await keptShifts(db, starts, end) : new Map()),
  );
  // The rows come back as one text: a year of days for 19 meters is some 7,000 rows, and
  // decoding them one by one is a large share of the API's CPU per answer. JSON (json_agg) costs
  // PostgreSQL more than this plainer text, twice its size; here each meter's name is written once. Totals stay decimal text in it, exact, and each
  // meter's total over the period leads its cells: summed here, it costs the API no decimal arithmetic.
  const [result] = await db.$queryRaw<{ windows: string | null; kept: boolean }[]>`
    WITH mark AS (SELECT CASE WHEN ${aligned} THEN watermark ELSE 0 END AS watermark FROM usage_compaction WHERE id = 1),
    -- bigint, as the rollups' events are: a numeric here made every part's events numeric, summed slower.
    edge_sums AS (
      SELECT edge, meter, sum(total) AS total, sum(events)::bigint AS events FROM (
        SELECT span.edge, r.meter, r.total, r.events
          FROM unnest(${quarters.from}::timestamptz[], ${quarters.to}::timestamptz[], ${quarters.edge}::int[]) AS span (f, t, edge)
          JOIN usage_rollups_15m r ON r.operator_id = ${operatorId} AND r.bucket_start >= span.f AND r.bucket_start < span.t
        UNION ALL
        SELECT span.edge, r.meter, r.total, r.events
          FROM unnest(${hours.from}::timestamptz[], ${hours.to}::timestamptz[], ${hours.edge}::int[]) AS span (f, t, edge)
          JOIN usage_rollups_hourly r ON r.operator_id = ${operatorId} AND r.hour_start >= span.f AND r.hour_start < span.t
      ) AS spans
       WHERE ${aligned}
       GROUP BY 1, 2
    ),
    parts AS (
      SELECT r.meter, d.w AS win, r.total, r.events
        FROM usage_rollups_daily r JOIN unnest(${days.day}::date[], ${days.window}::int[]) AS d (day, w) ON d.day = r.day
       WHERE ${aligned} AND r.operator_id = ${operatorId} AND r.day >= ${days.day[0] ?? null}::date AND r.day <= ${days.day.at(-1) ?? null}::date
      UNION ALL
      SELECT r.meter, d.w, r.total, r.events
        FROM unnest(${shiftedDays.runs.shift}::int[], ${shiftedDays.runs.from}::timestamptz[], ${shiftedDays.runs.to}::timestamptz[])
             AS run (shift, f, t)
        JOIN usage_rollups_shifted_days r
          ON r.operator_id = ${operatorId} AND r.day_shift = run.shift AND r.day_start >= run.f AND r.day_start <= run.t
        JOIN unnest(${shiftedDays.start}::timestamptz[], ${shiftedDays.window}::int[]) AS d (start, w) ON d.start = r.day_start
       -- Without shifted days to read (UTC, hour windows) the planner may still start from the
       -- table and scan it whole: a false constant keeps it from running this part at all.
       WHERE ${aligned && shiftedDays.start.length > 0}
      UNION ALL
      SELECT q.meter, used.w, q.total * used.sign, q.events * used.sign
        FROM unnest(${uses.edge}::int[], ${uses.window}::int[], ${uses.sign}::int[]) AS used (edge, w, sign)
        JOIN edge_sums q ON q.edge = used.edge
      UNION ALL
      SELECT meter, greatest(width_bucket(occurred_at, ${edges}::timestamptz[]), 1) - 1, usage, 1
        FROM (${entriesOutsideRollups(operatorId, start, end, Prisma.sql`(SELECT watermark FROM mark)`)}) AS outside
    )
    SELECT string_agg(to_json(meter)::text || E'\n' || total || ';' || cells, E'\n') AS windows,
           (SELECT ${shiftedDays.runs.shift}::int[] <@ coalesce(array_agg(minutes), '{}') FROM usage_day_shifts) AS kept
      FROM (
      SELECT meter, sum(total) AS total, string_agg(concat_ws(',', win, events, total), ';') AS cells FROM (
        SELECT meter, win, sum(total) AS total, sum(events)::bigint AS events
          FROM parts WHERE ${meters === null} OR meter = ANY(${meters ?? []}::text[])
         GROUP BY 1, 2
        -- A day taken less its rest nets to no events where the window had none: no row, as before.
        HAVING sum(events) <> 0
      ) AS windows_by_meter
       GROUP BY meter
    ) AS by_meter`;
  // Read in the same snapshot as the rollups: a shift planned with that the database no longer
  // keeps (dropped since) has no rows to read, and the answer is asked again without shifted
  // days, from the UTC days and edges that always hold it.
  if (result && !result.kept) return usageSeries(db, operatorId, starts, end, meters, new Map());
  return result?.windows ? readSeriesRows(result.windows) : { cells: [], totals: new Map() };
}

/**
 * Reads the statement's answer: per meter, its name as a JSON string on one line (so no name,
 * whatever it holds, can break a line) and on the next its total over the period, then its
 * windows, `window,events,total`, all separated by `;`.
 */
function readSeriesRows(text: string): SeriesRows {
  const rows: WindowTotal[] = [];
  const totals = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const nameEnd = text.indexOf("\n", at);
    const meter = JSON.parse(text.slice(at, nameEnd)) as string;
    const cellsEnd = text.indexOf("\n", nameEnd + 1);
    const end = cellsEnd === -1 ? text.length : cellsEnd;
    // Every meter here has at least one window (grouped from its rows), so a `;` ends its total.
    const totalEnd = text.indexOf(";", nameEnd + 1);
    totals.set(meter, text.slice(nameEnd + 1, totalEnd));
    // Scanned in place: splitting a year of cells into arrays of strings cost twice as much.
    let cell = totalEnd + 1;
    while (cell < end) {
      const first = text.indexOf(",", cell);
      const second = text.indexOf(",", first + 1);
      const next = text.indexOf(";", second + 1);
      const cellEnd = next === -1 || next > end ? end : next;
      rows.push({
        meter,
        window: Number(text.slice(cell, first)),
        total: text.slice(second + 1, cellEnd),
        events: Number(text.slice(first + 1, second)),
      });
      cell = cellEnd + 1;
    }
    at = end + 1;
  }
  return { cells: rows, totals };
}
