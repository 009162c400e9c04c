import { addDays, todayIn } from "@slotwise/core";

import { FreshKeys } from "../fresh-keys.ts";
import { call, expectCall } from "../http-call.ts";
import { load } from "../load.ts";
import { percentile } from "../percentile.ts";
import type { BenchStack } from "../stack.ts";
import { sequentialLatency, type Latency } from "../timed-get.ts";
import { createActivity, createSchedule } from "./catalogue-client.ts";
import { startCatalogueDatabase, type CatalogueDatabase } from "./catalogue-database.ts";

/** Times a day of each schedule the phase creates. */
const TIMES = ["09:00", "11:00", "14:00", "17:00"];
/**
 * Days of the measured activity, one timeslot each at 09:00: the small database's 1,000
 * timeslots, and as many distinct days, 366-day and 31-day windows for reads the cache has not seen.
 */
const MEASURED_DAYS = 1_000;
/** Activities the bulk timeslots are spread over. */
const FILLERS = 9;

/** One schedule of 366 days × 4 times, created over REST as an operator would. */
export interface ScheduleRun {
  /** From sending the POST to its 201's last byte: the timeslots exist when it answers. */
  ms: number;
  /** From sending the POST to a partner's GET of the schedule's last day answering its 4 timeslots. */
  bookableMs: number;
  /** What the 201 says it created, and the timeslots the database holds for the activity. */
  created: number;
  stored: number;
  expected: number;
  /** Timeslots a partner saw on the schedule's first and last day. */
  firstDay: number;
  lastDay: number;
}

export interface FeedRead {
  /** Changes the bulk insert made: the feed must hold at least these after the cursor. */
  inserted: number;
  changes: number;
  pages: number;
  /** Pages of exactly 1,000 changes: the timed ones. */
  fullPages: number;
  /** Consecutive changes whose sequence numbers are not one apart (the feed is gap-free: 0). */
  gaps: number;
  latency: Latency;
}

/** A partner's GET of one day's timeslots, each sample another day, measured with `timeslots` in the database. */
export interface DayRead {
  timeslots: number;
  latency: Latency;
  /** The first call after the database changed. */
  firstMs: number;
}

export interface TimeslotsRound {
  small: DayRead;
  large: DayRead;
  /** large p95 ÷ small p95. */
  ratio: number;
}

export interface CatalogueResult {
  /** Pairs of the day's timeslots at 1,000 timeslots and at the large size. */
  rounds: TimeslotsRound[];
  calendar: Latency & { days: number; timeslots: number };
  feed: FeedRead;
  octo: Latency & { days: number; timeslots: number };
  schedules: ScheduleRun[];
}

export interface CatalogueOptions {
  /** Timeslots in the database for the large measurements (the small one is always 1,000). */
  largeTimeslots: number;
  samples: number;
  scheduleRuns: number;
  /** Pairs of small and large measurements of a day's timeslots. */
  pairs: number;
  /** Seconds of unmeasured reads warming the new API process. */
  warmSeconds: number;
  log: (line: string) => void;
}

/**
 * The catalogue at scale, on a database of its own: a partner's GET of one day's timeslots with
 * 1,000 timeslots in the database, then with `largeTimeslots` (bulk timeslots of other
 * activities, inserted with generate_series), in alternating pairs; in the first pair's large
 * database the section 18 calendar over 366 days, pages of the change feed the bulk insert
 * wrote and OCTO's 31-day calendar; then, and schedules of 366 days × 4 times
 * created through the catalogue REST path with a `catalog` key.
 */
export async function catalogue(stack: BenchStack, options: CatalogueOptions): Promise<CatalogueResult> {
  const cat = await startCatalogueDatabase(stack);
  try {
    return await measure(cat, options);
  } finally {
    await cat.stop();
  }
}

async function measure(cat: CatalogueDatabase, options: CatalogueOptions): Promise<CatalogueResult> {
  const { samples, log } = options;
  const api = cat.api.base;
  const partner = `${api}/api/v2/ota/acme-travel`;
  const ota = { authorization: `Bearer ${cat.keys.ota}` };
  const tomorrow = addDays(todayIn("UTC", new Date()), 1);
  const measured = await createActivity(api, cat.keys.catalog, { name: "Measured Harbour Walk", timeZone: "UTC" });
  // By SQL, as the bulk timeslots are: a schedule spans at most 366 days, and one a day over
  // 1,000 days gives every sample below a day, or a window, of its own.
  await cat.db.$executeRaw`
    INSERT INTO timeslots (product_id, starts_at, capacity)
    SELECT p.id, ${new Date(`${tomorrow}T09:00:00Z`)}::timestamptz + g * interval '1 day', 20
      FROM products p CROSS JOIN generate_series(0, ${MEASURED_DAYS - 1}::int) g
     WHERE p.activity_id = ${measured}`;
  // A new process: a few seconds of partners' reads warm it (JIT, pools) before the first
  // measurement. They ask for the days after the measured ones, so the read cache holds none of
  // the days the samples ask for.
  await load({
    url: api,
    paths: Array.from(
      { length: 250 },
      (_, d) =>
        `/api/v2/ota/acme-travel/availability/${measured}/timeslots?Date=${addDays(tomorrow, MEASURED_DAYS + d)}`,
    ),
    headers: ota,
    connections: 10,
    seconds: options.warmSeconds,
  });
  // Every request below, timed or not, asks for a day (a window) not asked for in the read cache's lifetime.
  const days = new FreshKeys(Array.from({ length: MEASURED_DAYS }, (_, d) => addDays(tomorrow, d)));
  const dayUrl = (date: string) => `${partner}/availability/${measured}/timeslots?Date=${date}`;
  const timeslotsAt = async (): Promise<DayRead> => {
    const timeslots = await cat.timeslots();
    const first = await expectCall(dayUrl(await days.take()), 200, { headers: ota });
    const latency = await sequentialLatency(async () => ({ url: dayUrl(await days.take()), headers: ota }), samples);
    return { timeslots, latency, firstMs: first.ms };
  };
  const fillers: string[] = [];
  for (let i = 0; i < FILLERS; i++)
    fillers.push(await createActivity(api, cat.keys.catalog, { name: `Filler ${i + 1}`, timeZone: "UTC" }));
  const perFiller = Math.ceil((options.largeTimeslots - (await cat.timeslots())) / FILLERS);
  // In transactions of at most 1,000 timeslots, as a schedule writes them: the feed numbers each
  // change by updating its operator's head row, and one transaction's updates of one row slow
  // down with every earlier one (99,000 at once take minutes).
  const chunk = 1_000;
  const fillUp = async () => {
    let inserted = 0;
    for (const filler of fillers) {
      for (let from = 0; from < perFiller; from += chunk) {
        inserted += await cat.db.$executeRaw`
          INSERT INTO timeslots (product_id, starts_at, capacity)
          SELECT p.id, ${new Date(`${tomorrow}T00:00:00Z`)}::timestamptz + g * interval '1 hour', 10
            FROM products p CROSS JOIN generate_series(${from}::int, ${Math.min(perFiller, from + chunk) - 1}::int) g
           WHERE p.activity_id = ${filler}`;
      }
    }
    return inserted;
  };
  const empty = async () => {
    while (
      (await cat.db.$executeRaw`
        DELETE FROM timeslots WHERE id IN (
          SELECT t.id FROM timeslots t JOIN products p ON p.id = t.product_id
           WHERE p.activity_id = ANY(${fillers}::text[]) LIMIT ${chunk})`) > 0
    );
  };

  const rounds: TimeslotsRound[] = [];
  let reads: Pick<CatalogueResult, "calendar" | "feed" | "octo"> | undefined;
  for (let pair = 0; pair < options.pairs; pair++) {
    // Pairs alternate the two sizes: the bulk timeslots go in after each small measurement and,
    // but for the last pair, come out again after the large one.
    const small = await timeslotsAt();
    const { body: start } = await expectCall(`${partner}/availability/changes`, 200, { headers: ota });
    const filling = performance.now();
    const inserted = await fillUp();
    log(
      `   pair ${pair + 1}: ${inserted.toLocaleString("en-GB")} timeslots inserted in ${((performance.now() - filling) / 1_000).toFixed(1)} s`,
    );
    const large = await timeslotsAt();
    rounds.push({ small, large, ratio: large.latency.p95 / small.latency.p95 });
    log(
      `   pair ${pair + 1}: a day's timeslots p95 ${small.latency.p95.toFixed(1)} ms at ${small.timeslots.toLocaleString("en-GB")} timeslots, ${large.latency.p95.toFixed(1)} ms at ${large.timeslots.toLocaleString("en-GB")}, ratio ${(rounds[pair]?.ratio ?? Number.NaN).toFixed(2)}`,
    );
    if (!reads) {
      reads = await largeReads((start as { next: string }).next, inserted);
      log(
        `   calendar over ${reads.calendar.days} days: p95 ${reads.calendar.p95.toFixed(1)} ms; change feed: ${reads.feed.changes.toLocaleString("en-GB")} changes in ${reads.feed.pages} pages, page of 1,000 p95 ${reads.feed.latency.p95.toFixed(1)} ms; OCTO calendar over ${reads.octo.days} days: p95 ${reads.octo.p95.toFixed(1)} ms`,
      );
    }
    if (pair < options.pairs - 1) await empty();
  }
  if (!reads) throw new Error("no pair measured");
  const { calendar, feed, octo } = reads;

  async function largeReads(cursor: string, inserted: number) {
    // Each sample's window starts on another day, every window within the measured days.
    const windowStarts = (length: number) =>
      new FreshKeys(Array.from({ length: MEASURED_DAYS - length + 1 }, (_, d) => addDays(tomorrow, d)));
    const calendarDays = 366;
    const calendarStarts = windowStarts(calendarDays);
    const timeslots = await cat.timeslots();
    const calendarRead = {
      ...(await sequentialLatency(async () => {
        const start = await calendarStarts.take();
        return {
          url: `${partner}/availability/${measured}/calendar?StartDate=${start}&EndDate=${addDays(start, calendarDays - 1)}`,
          headers: ota,
        };
      }, samples)),
      days: calendarDays,
      timeslots,
    };
    const feedRead = await readFeed(partner, ota, cursor, inserted, samples);
    const octoDays = 31;
    const octoStarts = windowStarts(octoDays);
    const octoRead = {
      ...(await sequentialLatency(async () => {
        const start = await octoStarts.take();
        return {
          url: `${api}/octo/availability/calendar`,
          headers: { ...ota, "octo-capabilities": "octo/pricing" },
          json: {
            productId: measured,
            optionId: "DEFAULT",
            localDateStart: start,
            localDateEnd: addDays(start, octoDays - 1),
          },
        };
      }, samples)),
      days: octoDays,
      timeslots,
    };
    return { calendar: calendarRead, feed: feedRead, octo: octoRead };
  }

  const schedules: ScheduleRun[] = [];
  for (let run = 0; run < options.scheduleRuns; run++) {
    const activity = await createActivity(api, cat.keys.catalog, { name: `Schedule ${run + 1}`, timeZone: "UTC" });
    schedules.push(await materialise(cat, partner, ota, activity, tomorrow));
    const s = schedules[run];
    if (s)
      log(
        `   schedule ${run + 1}: ${s.created} timeslots, 201 after ${s.ms.toFixed(0)} ms, bookable after ${s.bookableMs.toFixed(0)} ms`,
      );
  }
  return { rounds, calendar, feed, octo, schedules };
}

async function materialise(
  cat: CatalogueDatabase,
  partner: string,
  ota: Record<string, string>,
  activity: string,
  tomorrow: string,
): Promise<ScheduleRun> {
  const days = 366;
  const last = addDays(tomorrow, days - 1);
  const started = performance.now();
  const answer = await createSchedule(cat.api.base, cat.keys.catalog, activity, {
    startDate: tomorrow,
    endDate: last,
    times: TIMES,
    capacity: 20,
  });
  const seen = async (date: string) => {
    const { status, body } = await call(`${partner}/availability/${activity}/timeslots?Date=${date}`, { headers: ota });
    return status === 200 ? ((body as { data?: unknown[] }).data?.length ?? 0) : 0;
  };
  // A partner asks for the last day until it sells, for at most 5 s (the contract's bound).
  let lastDay = await seen(last);
  while (lastDay < TIMES.length && performance.now() - started < 5_000) {
    await new Promise((r) => setTimeout(r, 20));
    lastDay = await seen(last);
  }
  const bookableMs = performance.now() - started;
  const stored = await cat.db.timeslot.count({ where: { product: { activityId: activity } } });
  return {
    ms: answer.ms,
    bookableMs,
    created: answer.created,
    stored,
    expected: days * TIMES.length,
    firstDay: await seen(tomorrow),
    lastDay,
  };
}

/** Follows the feed from `cursor` to its end, checking order, then times every full page read again from its cursor. */
async function readFeed(
  partner: string,
  ota: Record<string, string>,
  cursor: string,
  inserted: number,
  samples: number,
): Promise<FeedRead> {
  const fullPageCursors: string[] = [];
  let next = cursor;
  let changes = 0;
  let pages = 0;
  let gaps = 0;
  let previous: number | null = null;
  for (;;) {
    const { body } = await expectCall(`${partner}/availability/changes?cursor=${next}`, 200, { headers: ota });
    const page = body as { data: { Sequence: number }[]; next: string };
    if (page.data.length === 0) break;
    pages++;
    changes += page.data.length;
    if (page.data.length === 1_000) fullPageCursors.push(next);
    for (const change of page.data) {
      if (previous !== null && change.Sequence !== previous + 1) gaps++;
      previous = change.Sequence;
    }
    next = page.next;
  }
  if (fullPageCursors.length === 0) throw new Error("the change feed gave no page of 1,000 changes");
  const times: number[] = [];
  for (let i = 0; i < Math.max(samples, fullPageCursors.length); i++) {
    const at = fullPageCursors[i % fullPageCursors.length] as string;
    times.push((await expectCall(`${partner}/availability/changes?cursor=${at}`, 200, { headers: ota })).ms);
  }
  times.sort((a, b) => a - b);
  return {
    inserted,
    changes,
    pages,
    fullPages: fullPageCursors.length,
    gaps,
    latency: { p50: percentile(times, 50), p95: percentile(times, 95), samples: times.length },
  };
}
