import {
  addDays,
  ConflictError,
  countScheduleStarts,
  expandSchedule,
  firstScheduleClash,
  horizonEnd,
  instantToLocal,
  MAX_TIMESLOTS_AT_ONCE,
  SCHEDULE_HORIZON_DAYS,
  todayIn,
  ValidationError,
  type ScheduleRule,
  type Weekday,
} from "@slotwise/core";

import type { Database } from "../client.ts";
import { Prisma } from "../generated/prisma/client.ts";
import type { Db, Tx } from "../tx.ts";

export interface ScheduleInput extends ScheduleRule {
  capacity: number;
}

export interface ScheduleRecord extends ScheduleInput {
  id: number;
  productId: number;
  /** The last local date whose timeslots exist. */
  materialisedUntil: string;
}

interface ScheduleRow {
  id: number;
  productId: number;
  startDate: string;
  endDate: string | null;
  weekdays: string[];
  times: string[];
  capacity: number;
  materialisedUntil: string;
}

const SCHEDULE_COLUMNS = Prisma.sql`
  s.id, s.product_id AS "productId", s.start_date::text AS "startDate", s.end_date::text AS "endDate",
  s.weekdays, s.times, s.capacity, s.materialised_until::text AS "materialisedUntil"`;

function toRecord(row: ScheduleRow): ScheduleRecord {
  return { ...row, weekdays: row.weekdays as Weekday[], times: row.times };
}

/** The activity's schedules, oldest first. */
export async function listSchedules(db: Db, productId: number): Promise<ScheduleRecord[]> {
  const rows = await db.$queryRaw<ScheduleRow[]>`
    SELECT ${SCHEDULE_COLUMNS} FROM schedules s WHERE s.product_id = ${productId} ORDER BY s.id`;
  return rows.map(toRecord);
}

/**
 * Creates the timeslots of `rule` on the local dates `from`..`to` in one statement; starts
 * that exist already (another schedule's, a one-off, a concurrent top-up's) are left as they
 * are, capacity edits included. A start on a closed date is created closed. Returns how many
 * were created.
 */
async function materialiseInTx(
  tx: Tx,
  schedule: { id: number; productId: number; capacity: number; rule: ScheduleRule },
  zone: string,
  from: string,
  to: string,
  now: Date,
): Promise<number> {
  // An empty window still moves materialised_until on to its end: a schedule whose end date has
  // passed is then no longer due, and the top-up's batches run out.
  const starts = from > to ? [] : expandSchedule(schedule.rule, zone, from, to);
  const created =
    starts.length === 0
      ? 0
      : await tx.$executeRaw`
          INSERT INTO timeslots (product_id, starts_at, capacity, schedule_id, closed, created_at, updated_at)
          SELECT ${schedule.productId}, start.at, ${schedule.capacity}, ${schedule.id},
                 EXISTS (SELECT 1 FROM closures c
                          WHERE c.product_id = ${schedule.productId} AND start.day BETWEEN c.from_date AND c.to_date),
                 ${now}, ${now}
            FROM unnest(${starts.map((start) => start.startsAt.toISOString())}::timestamptz[],
                        ${starts.map((start) => start.date)}::date[]) AS start(at, day)
          ON CONFLICT (product_id, starts_at) DO NOTHING`;
  await tx.$executeRaw`
    UPDATE schedules SET materialised_until = GREATEST(materialised_until, ${to}::date) WHERE id = ${schedule.id}`;
  return created;
}

/** The local dates a schedule's timeslots are made for today: from its start (or today) up to its end or the horizon. */
function materialiseWindow(rule: ScheduleRule, today: string): { from: string; to: string } {
  const from = rule.startDate > today ? rule.startDate : today;
  const horizon = horizonEnd(today);
  const to = rule.endDate !== null && rule.endDate < horizon ? rule.endDate : horizon;
  return { from, to };
}

/** The local dates a schedule's timeslots are made for now, and how many starts they hold. */
interface MaterialiseWindow {
  from: string;
  to: string;
  /** Starts the rule gives from `from` to `to`, existing ones included. */
  starts: number;
}

/**
 * The window a schedule's timeslots are made for now, today being the activity zone's. More than MAX_TIMESLOTS_AT_ONCE starts in it is
 * a 422 naming Times. Creating a schedule and its dry run both check here, so the dry run
 * refuses exactly what creating it refuses.
 */
function materialiseWindowOrThrow(rule: ScheduleRule, timeZone: string, now: Date): MaterialiseWindow {
  const { from, to } = materialiseWindow(rule, todayIn(timeZone, now));
  const starts = from > to ? 0 : countScheduleStarts(rule, from, to);
  if (starts > MAX_TIMESLOTS_AT_ONCE)
    throw new ValidationError([
      {
        field: "Times",
        message: `This schedule would create ${starts} timeslots at once, more than ${MAX_TIMESLOTS_AT_ONCE}: give fewer Times or Weekdays, or an earlier EndDate`,
      },
    ]);
  return { from, to, starts };
}

/**
 * Creates a schedule and its timeslots up to its end or the horizon, in one transaction, so
 * partners can book them as soon as it commits. Refused when its starts clash with another
 * schedule of the activity (the first clash is named) or would make more than
 * MAX_TIMESLOTS_AT_ONCE timeslots.
 */
export function createSchedule(
  db: Database,
  product: { id: number; timeZone: string },
  input: ScheduleInput,
  now: Date,
): Promise<{ schedule: ScheduleRecord; created: number }> {
  return db.$transaction((tx) => createScheduleInTx(tx, product, input, now));
}

/** Creates a schedule (see createSchedule) in the caller's transaction. */
export async function createScheduleInTx(
  tx: Tx,
  product: { id: number; timeZone: string },
  input: ScheduleInput,
  now: Date,
): Promise<{ schedule: ScheduleRecord; created: number }> {
  const window = materialiseWindowOrThrow(input, product.timeZone, now);
  // One schedule change per activity at a time, so two clashing schedules cannot both pass the check.
  await tx.$queryRaw`SELECT id FROM products WHERE id = ${product.id} FOR UPDATE`;
  let first: { date: string; time: string; scheduleId: number } | null = null;
  for (const other of await listSchedules(tx, product.id)) {
    const clash = firstScheduleClash(input, other, product.timeZone);
    if (clash && (!first || `${clash.date} ${clash.time}` < `${first.date} ${first.time}`))
      first = { ...clash, scheduleId: other.id };
  }
  if (first)
    throw new ConflictError(
      "schedule-overlap",
      `The schedule clashes with schedule ${first.scheduleId}: both start at ${first.time} on ${first.date}`,
      { clash: { Date: first.date, Time: first.time, ScheduleID: first.scheduleId } },
    );
  const [row] = await tx.$queryRaw<ScheduleRow[]>`
    INSERT INTO schedules AS s (product_id, start_date, end_date, weekdays, times, capacity, materialised_until, created_at)
    VALUES (${product.id}, ${input.startDate}::date, ${input.endDate}::date, ${[...input.weekdays]}::varchar[],
            ${[...input.times]}::varchar[], ${input.capacity}, ${addDays(window.from, -1)}::date, ${now})
    RETURNING ${SCHEDULE_COLUMNS}`;
  if (!row) throw new Error("INSERT … RETURNING gave no row");
  const created = await materialiseInTx(
    tx,
    { id: row.id, productId: product.id, capacity: input.capacity, rule: input },
    product.timeZone,
    window.from,
    window.to,
    now,
  );
  const [schedule] = await tx.$queryRaw<
    ScheduleRow[]
  >`SELECT ${SCHEDULE_COLUMNS} FROM schedules s WHERE s.id = ${row.id}`;
  return { schedule: toRecord(schedule ?? row), created };
}

/** What creating a schedule would do, worked out without writing anything. */
export interface ScheduleDryRun {
  /** The first starts it would give, in time order (at most the limit asked for). */
  starts: { date: string; time: string; startsAt: Date }[];
  /** How many timeslots creating it would make now (up to its end or the horizon): its starts that do not exist yet. */
  created: number;
  /** How many of its starts exist already (a one-off's or another schedule's): left as they are. */
  existingCount: number;
  /** The first of those, in time order (at most the limit asked for). */
  existing: { date: string; time: string }[];
  /** The first shared start with each other schedule of the activity that clashes. */
  clashes: { scheduleId: number; date: string; time: string }[];
}

/**
 * Dry-runs `rule` for the activity: the same window, limit, expansion and clash check that
 * createSchedule applies, so what the console shows is what the schedule then makes, and a
 * rule createSchedule refuses is refused here the same way.
 */
export async function scheduleDryRun(
  db: Db,
  product: { id: number; timeZone: string },
  rule: ScheduleRule,
  now: Date,
  limit: number,
): Promise<ScheduleDryRun> {
  const window = materialiseWindowOrThrow(rule, product.timeZone, now);
  const all = window.starts === 0 ? [] : expandSchedule(rule, product.timeZone, window.from, window.to);
  const existing =
    all.length === 0
      ? []
      : await db.$queryRaw<{ startsAt: Date }[]>`
          SELECT starts_at AS "startsAt" FROM timeslots
           WHERE product_id = ${product.id}
             AND starts_at = ANY(${all.map((start) => start.startsAt.toISOString())}::timestamptz[])
           ORDER BY starts_at`;
  const clashes = (await listSchedules(db, product.id)).flatMap((other) => {
    const clash = firstScheduleClash(rule, other, product.timeZone);
    return clash ? [{ scheduleId: other.id, ...clash }] : [];
  });
  return {
    starts: all.filter((start) => start.startsAt > now).slice(0, limit),
    created: all.length - existing.length,
    existingCount: existing.length,
    existing: existing.slice(0, limit).map((slot) => instantToLocal(slot.startsAt, product.timeZone)),
    clashes,
  };
}

/** Schedules one top-up transaction takes at most: a short lock per batch. */
const TOP_UP_BATCH = 50;

/**
 * Moves every active activity's schedules on to today's horizon. Safe on any number of workers
 * at once: each batch locks its schedules (others skip them), and the unique start of a
 * timeslot with ON CONFLICT DO NOTHING makes a repeated top-up create nothing twice.
 * Returns how many timeslots were created.
 */
export async function topUpSchedules(db: Database, now: Date): Promise<number> {
  let created = 0;
  for (;;) {
    const batch = await db.$transaction(async (tx) => {
      const due = await tx.$queryRaw<(ScheduleRow & { timeZone: string })[]>`
        SELECT ${SCHEDULE_COLUMNS}, p.time_zone AS "timeZone"
          FROM schedules s JOIN products p ON p.id = s.product_id
         WHERE p.active
           AND s.materialised_until < (${now}::timestamptz AT TIME ZONE p.time_zone)::date + ${SCHEDULE_HORIZON_DAYS}::int
           AND (s.end_date IS NULL OR s.materialised_until < s.end_date)
         ORDER BY s.id
         LIMIT ${TOP_UP_BATCH}
           FOR UPDATE OF s SKIP LOCKED`;
      let made = 0;
      for (const row of due) {
        const schedule = toRecord(row);
        const today = todayIn(row.timeZone, now);
        const window = materialiseWindow(schedule, today);
        const next = addDays(schedule.materialisedUntil, 1);
        const from = next > window.from ? next : window.from;
        made += await materialiseInTx(
          tx,
          { id: schedule.id, productId: schedule.productId, capacity: schedule.capacity, rule: schedule },
          row.timeZone,
          from,
          window.to,
          now,
        );
      }
      return { count: due.length, made };
    });
    created += batch.made;
    if (batch.count < TOP_UP_BATCH) return created;
  }
}

/**
 * Deletes a schedule and its future timeslots that hold no booking; those that do are kept
 * (without a schedule) and returned. Null when the activity has no such schedule.
 */
export async function deleteSchedule(
  db: Database,
  product: { id: number; timeZone: string },
  scheduleId: number,
  now: Date,
): Promise<{ kept: { date: string; time: string }[] } | null> {
  return db.$transaction(async (tx) => {
    const found = await tx.$queryRaw<{ id: number }[]>`
      SELECT id FROM schedules WHERE id = ${scheduleId} AND product_id = ${product.id} FOR UPDATE`;
    if (found.length === 0) return null;
    // places_taken is read again on the row as a concurrent sale committed it (the subquery is
    // not): a timeslot booked while this waited for its row is kept, not deleted under the booking.
    await tx.$executeRaw`
      DELETE FROM timeslots t
       WHERE t.schedule_id = ${scheduleId} AND t.starts_at > ${now} AND t.places_taken = 0
         AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.timeslot_id = t.id)`;
    const kept = await tx.$queryRaw<{ startsAt: Date }[]>`
      SELECT starts_at AS "startsAt" FROM timeslots
       WHERE schedule_id = ${scheduleId} AND starts_at > ${now} ORDER BY starts_at`;
    await tx.$executeRaw`DELETE FROM schedules WHERE id = ${scheduleId}`;
    return { kept: kept.map((slot) => instantToLocal(slot.startsAt, product.timeZone)) };
  });
}
