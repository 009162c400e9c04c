import type { ApiProcess } from "@slotwise/testing/processes";

import { percentile } from "./percentile.ts";
import type { CatalogueSlot } from "./scenarios/booking.ts";
import type { BenchStack } from "./stack.ts";

/** The pause after a page with no changes, before the follower asks again. */
export const FOLLOW_PAUSE_MS = 20;
/** Answers other than 200 in a row after which the follower stops asking. */
const REFUSALS_IN_A_ROW = 50;

/** One change as the feed answers it (contract section 18). */
export interface FeedChange {
  Sequence: number;
  ActivityID: string;
  Date: string;
  Time: string;
  Available: number;
  Capacity: number;
  Closed: boolean;
}

/** A change with the time (ms since the epoch, this machine's clock) its page reached the follower. */
export interface SeenChange extends FeedChange {
  at: number;
}

/** A timeslot as the feed states it. */
export interface SlotState {
  Available: number;
  Capacity: number;
  Closed: boolean;
}

/** What the follower's record and the database agree on. */
export interface FollowJudgement {
  /** Changes read, and pages that held any. */
  changes: number;
  /** Changes not numbered above the one before them, and numbers read more than once. */
  outOfOrder: number;
  duplicated: number;
  /** The partner's changes between the start and the end, in the database: each must be read once. */
  expected: number;
  missing: number;
  /** Changes read within that range that the database does not hold as the partner's. */
  unexpected: number;
  /** Catalogue timeslots compared, those that changed while followed, and those whose last state read is not the database's. */
  timeslots: number;
  changedTimeslots: number;
  unequal: number;
  /** The first unequal timeslot, as read and as stored, to say what went wrong. */
  firstUnequal: string | null;
}

export const slotKey = (activityId: string, date: string, time: string) => `${activityId} ${date} ${time}`;

/**
 * Judges a follow: order and uniqueness over every change read; then, over the changes numbered
 * after `startHead` up to `endHead` (the operator's newest number in the start's and in the
 * end's database snapshot), every one of the partner's changes read once, and each catalogue
 * timeslot's state (the start's snapshot, then each change read in order) equal to the end's.
 */
export function judgeFollow(input: {
  seen: FeedChange[];
  startHead: number;
  endHead: number;
  expected: number[];
  initial: Map<string, SlotState>;
  final: Map<string, SlotState>;
}): FollowJudgement {
  const { seen, startHead, endHead, initial, final } = input;
  let outOfOrder = 0;
  let duplicated = 0;
  let previous = -Infinity;
  const read = new Set<number>();
  for (const change of seen) {
    if (read.has(change.Sequence)) duplicated++;
    else if (change.Sequence <= previous) outOfOrder++;
    read.add(change.Sequence);
    previous = Math.max(previous, change.Sequence);
  }
  const expected = new Set(input.expected);
  let missing = 0;
  for (const sequence of expected) if (!read.has(sequence)) missing++;
  let unexpected = 0;
  const state = new Map(initial);
  const changed = new Set<string>();
  for (const change of seen) {
    if (change.Sequence <= startHead || change.Sequence > endHead) continue;
    if (!expected.has(change.Sequence)) unexpected++;
    const key = slotKey(change.ActivityID, change.Date, change.Time);
    if (!state.has(key)) continue;
    state.set(key, { Available: change.Available, Capacity: change.Capacity, Closed: change.Closed });
    changed.add(key);
  }
  let unequal = 0;
  let firstUnequal: string | null = null;
  for (const [key, stored] of final) {
    const last = state.get(key);
    const same =
      last !== undefined &&
      last.Available === stored.Available &&
      last.Capacity === stored.Capacity &&
      last.Closed === stored.Closed;
    if (same) continue;
    unequal++;
    firstUnequal ??= `${key}: read ${JSON.stringify(last ?? null)}, stored ${JSON.stringify(stored)}`;
  }
  return {
    changes: seen.length,
    outOfOrder,
    duplicated,
    expected: expected.size,
    missing,
    unexpected,
    timeslots: final.size,
    changedTimeslots: changed.size,
    unequal,
    firstUnequal,
  };
}

/** A follow from its start to its drained end, judged against the database. */
export interface FeedFollowResult extends FollowJudgement {
  /** GETs of the feed, those that answered changes, and answers other than 200 (each asked again). */
  reads: number;
  pages: number;
  failures: Record<string, number>;
  /**
   * Behind the commits: from each change's `recorded_at` (the clock when its commit numbered it,
   * in the deferred trigger) to the answer that carried it reaching the follower, which asks
   * again at once after a page with changes and FOLLOW_PAUSE_MS after an empty one. Over the
   * changes numbered from the start to the end.
   */
  lag_p50_ms: number;
  lag_p95_ms: number;
  lag_max_ms: number;
}

interface Snapshot {
  head: number;
  slots: Map<string, SlotState>;
}

/** The operator's newest change number and the catalogue's timeslots, from one snapshot (one statement). */
async function snapshot(stack: BenchStack, catalogue: CatalogueSlot[]): Promise<Snapshot> {
  const [row] = await stack.db.$queryRaw<
    { head: string; slots: { id: number; c: number; p: number; x: boolean }[] | null }[]
  >`
    SELECT slotwise_availability_feed_last(${stack.operatorId}::int)::text AS head,
           (SELECT json_agg(json_build_object('id', id, 'c', capacity, 'p', places_taken, 'x', closed))
              FROM timeslots WHERE id = ANY(${catalogue.map((s) => s.id)}::int[])) AS slots`;
  const byId = new Map(catalogue.map((s) => [s.id, s]));
  const slots = new Map<string, SlotState>();
  for (const s of row?.slots ?? []) {
    const slot = byId.get(s.id);
    if (!slot) continue;
    slots.set(slotKey(slot.activityId, slot.date, slot.time), {
      Available: Math.max(0, s.c - s.p),
      Capacity: s.c,
      Closed: s.x,
    });
  }
  return { head: Number(row?.head ?? 0), slots };
}

/**
 * A partner following its availability change feed as an integration would: over REST with its
 * `ota` key, following each answer's opaque `next`, each GET to the next of `apis` in turn (a
 * partner behind a load balancer). Started before a load; `stop` asks it to read to the end of
 * the feed, snapshots the database, reads to the end again (what committed meanwhile) and judges
 * every change read against the database's (judgeFollow).
 */
export async function followFeed(
  stack: BenchStack,
  apis: ApiProcess[],
  catalogue: CatalogueSlot[],
): Promise<{ stop(): Promise<FeedFollowResult> }> {
  if (apis.length === 0) throw new Error("no API process to follow the feed through");
  const [partner] = await stack.db.$queryRaw<{ id: number }[]>`
    SELECT id FROM partners WHERE operator_id = ${stack.operatorId} AND slug = 'acme-travel'`;
  if (!partner) throw new Error("no partner acme-travel");
  const seen: SeenChange[] = [];
  const failures: Record<string, number> = {};
  let reads = 0;
  let pages = 0;
  const read = async (cursor: string | null): Promise<{ data: FeedChange[]; next: string } | null> => {
    const api = apis[reads++ % apis.length] as ApiProcess;
    const query = cursor === null ? "" : `?cursor=${encodeURIComponent(cursor)}`;
    const response = await fetch(`${api.base}/api/v2/ota/acme-travel/availability/changes${query}`, {
      headers: { authorization: `Bearer ${stack.keys.ota}` },
    });
    const text = await response.text();
    if (response.status !== 200) {
      failures[response.status] = (failures[response.status] ?? 0) + 1;
      return null;
    }
    return JSON.parse(text) as { data: FeedChange[]; next: string };
  };

  const first = await read(null);
  if (!first) throw new Error(`the change feed answered no starting cursor: ${JSON.stringify(failures)}`);
  let cursor = first.next;
  const start = await snapshot(stack, catalogue);

  /** Reads until an answer with no changes that was asked for after `until()` held. */
  const readOn = async (until: () => boolean): Promise<void> => {
    let refusedInARow = 0;
    for (;;) {
      const ending = until();
      const page = await read(cursor);
      const at = Date.now();
      if (!page) {
        // A cursor the feed keeps refusing would be asked for forever: the failures fail the check.
        if (++refusedInARow >= REFUSALS_IN_A_ROW) return;
        await new Promise((r) => setTimeout(r, FOLLOW_PAUSE_MS));
        continue;
      }
      refusedInARow = 0;
      cursor = page.next;
      if (page.data.length > 0) {
        pages++;
        for (const change of page.data) seen.push({ ...change, at });
        continue;
      }
      if (ending) return;
      await new Promise((r) => setTimeout(r, FOLLOW_PAUSE_MS));
    }
  };
  let stopping = false;
  const following = readOn(() => stopping);

  return {
    async stop() {
      stopping = true;
      await following;
      const end = await snapshot(stack, catalogue);
      await readOn(() => true);
      const inRange = seen.filter((c) => c.Sequence > start.head && c.Sequence <= end.head);
      const rows = await stack.db.$queryRaw<{ sequence: string; recorded: number; mine: boolean }[]>`
        SELECT sequence::text, (extract(epoch FROM recorded_at) * 1000)::float8 AS recorded,
               slotwise_partner_may_sell(${partner.id}::int, product_id) AS mine
          FROM availability_changes
         WHERE operator_id = ${stack.operatorId} AND sequence > ${start.head}::bigint AND sequence <= ${end.head}::bigint`;
      const recorded = new Map(rows.map((r) => [Number(r.sequence), r.recorded]));
      const lags = inRange.flatMap((c) => {
        const at = recorded.get(c.Sequence);
        return at === undefined ? [] : [c.at - at];
      });
      lags.sort((a, b) => a - b);
      return {
        ...judgeFollow({
          seen,
          startHead: start.head,
          endHead: end.head,
          expected: rows.filter((r) => r.mine).map((r) => Number(r.sequence)),
          initial: start.slots,
          final: end.slots,
        }),
        reads,
        pages,
        failures,
        lag_p50_ms: percentile(lags, 50),
        lag_p95_ms: percentile(lags, 95),
        lag_max_ms: lags.at(-1) ?? Number.NaN,
      };
    },
  };
}
