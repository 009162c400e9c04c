import { FIGURES, type Target } from "./figures.ts";
import type { LoadResult } from "./load.ts";
import type { Spread } from "./percentile.ts";
import type { BenchResults } from "./results.ts";

/** A figure against its target, judged on its median. `median` is null when the run did not measure it. */
export interface TargetVerdict {
  figure: string;
  median: number | null;
  min: number | null;
  max: number | null;
  /** How many measurements the median is of. */
  measurements: number;
  target: string;
  met: boolean | null;
}

/** Something that must hold whatever the speed: a failure makes the run's figures worthless. */
export interface CheckVerdict {
  check: string;
  ok: boolean;
  detail: string;
}

/** What a run's answers and its database agree on, ID by ID. */
export interface IdentityMatch {
  acknowledged: number;
  stored: number;
  /** Acknowledged IDs the database does not hold: writes lost after a success. */
  missing: number;
  /** IDs acknowledged more than once, or stored more than once. */
  duplicated: number;
  /** Stored IDs nobody was told about: requests still in flight when a load ended. */
  unacknowledged: number;
  /** How many of those a run may leave (one per connection and load). */
  inFlight: number;
  ok: boolean;
}

/** Every acknowledged ID stored exactly once, and no more unacknowledged ones than requests were left in flight. */
export function matchByIdentity(
  acknowledged: Iterable<string | number>,
  stored: Iterable<string | number>,
  inFlight: number,
  storedTwice = 0,
): IdentityMatch {
  const told = new Set<string | number>();
  let duplicated = storedTwice;
  let acknowledgedCount = 0;
  for (const id of acknowledged) {
    acknowledgedCount++;
    if (told.has(id)) duplicated++;
    told.add(id);
  }
  const held = new Set<string | number>();
  let storedCount = 0;
  let unacknowledged = 0;
  for (const id of stored) {
    storedCount++;
    if (held.has(id)) duplicated++;
    held.add(id);
    if (!told.has(id)) unacknowledged++;
  }
  let missing = 0;
  for (const id of told) if (!held.has(id)) missing++;
  return {
    acknowledged: acknowledgedCount,
    stored: storedCount,
    missing,
    duplicated,
    unacknowledged,
    inFlight,
    ok: missing === 0 && duplicated === 0 && unacknowledged <= inFlight,
  };
}

export const describeTarget = (t: Target): string =>
  t.atLeast !== undefined
    ? `>= ${t.atLeast.toLocaleString("en-GB")}`
    : t.atMost !== undefined
      ? `<= ${t.atMost.toLocaleString("en-GB")}`
      : `< ${(t.below ?? Number.NaN).toLocaleString("en-GB")}`;

export function meets(t: Target, value: number): boolean {
  if (t.atLeast !== undefined) return value >= t.atLeast;
  if (t.atMost !== undefined) return value <= t.atMost;
  return value < (t.below ?? Number.NaN);
}

/**
 * Every figure with a target, judged on its median; figures a run did not measure are not judged,
 * nor any figure when `judge` is false (a quick run, whose shortened phases judge correctness only).
 */
export function targets(figures: BenchResults["figures"], judge = true): TargetVerdict[] {
  return FIGURES.flatMap((f) => {
    if (!f.target) return [];
    const s: Spread | undefined = figures[f.name];
    return [
      {
        figure: f.name,
        median: s?.median ?? null,
        min: s?.min ?? null,
        max: s?.max ?? null,
        measurements: s?.values.length ?? 0,
        target: describeTarget(f.target),
        met: s && judge ? meets(f.target, s.median) : null,
      },
    ];
  });
}

const serverErrors = (r: LoadResult) => r.statuses["5xx"] ?? 0;

function noFailures(name: string, load: LoadResult): CheckVerdict {
  return {
    check: `answered, no 5xx: ${name}`,
    ok: load.requests > 0 && serverErrors(load) === 0 && load.errors === 0,
    detail: `${load.requests} answers, ${serverErrors(load)} × 5xx, ${load.errors} connection errors or timeouts`,
  };
}

function identity(what: string, m: IdentityMatch): CheckVerdict {
  return {
    check: `${what}: every acknowledged one stored exactly once, by ID`,
    ok: m.ok,
    detail: `${m.acknowledged} acknowledged, ${m.stored} stored, ${m.missing} missing, ${m.duplicated} duplicated, ${m.unacknowledged} unacknowledged (up to ${m.inFlight} in flight)`,
  };
}

/** What the database and the answers must agree on, for the phases the run ran. */
export function checks(details: BenchResults["details"]): CheckVerdict[] {
  const out: CheckVerdict[] = [];
  const { get, bookings, usage, batch, contention, catalogue, checkIns, orders, capacity, webhooks, emails, feed } =
    details;
  emails?.forEach((e, i) => {
    out.push({
      check: `e-mails, round ${i + 1}: every queued e-mail arrived at the SMTP server exactly once, by Message-ID`,
      ok: e.queued > 0 && e.arrivedOnce === e.queued && e.duplicated === 0 && e.unknown === 0,
      detail: `${e.arrivedOnce} of ${e.queued} arrived once, ${e.duplicated} more than once, ${e.unknown} not queued`,
    });
  });
  webhooks?.forEach((w, i) => {
    out.push({
      check: `webhooks, round ${i + 1}: every booking's booking.confirmed arrived`,
      ok: w.arrived === w.booked,
      detail: `${w.arrived} of ${w.booked}`,
    });
    out.push({
      check: `webhooks, round ${i + 1}: every queued event delivered to the healthy endpoint`,
      ok: w.delivered >= w.queued,
      detail: `${w.delivered} of ${w.queued}`,
    });
  });
  if (feed) {
    const f = feed.follow;
    const failures = Object.entries(f.failures).map(([status, n]) => `${n} × ${status}`);
    out.push(noFailures("POST booking while a partner followed the feed", feed.load));
    out.push({
      check: "change feed followed during bookings: every change of the partner read once, in order",
      ok:
        f.expected > 0 &&
        f.missing === 0 &&
        f.duplicated === 0 &&
        f.outOfOrder === 0 &&
        f.unexpected === 0 &&
        failures.length === 0,
      detail: `${f.changes} read; ${f.expected} the partner's in the database between the start's and the end's snapshots: ${f.missing} missing, ${f.duplicated} read twice, ${f.outOfOrder} out of order, ${f.unexpected} not the partner's${failures.length ? `; answers other than 200: ${failures.join(", ")}` : ""}`,
    });
    out.push({
      check: "change feed followed during bookings: every catalogue timeslot's last state read equals the database",
      ok: f.changedTimeslots > 0 && f.unequal === 0,
      detail: `${f.unequal} of ${f.timeslots} timeslots unequal (${f.changedTimeslots} changed while followed)${f.firstUnequal ? `; first: ${f.firstUnequal}` : ""}`,
    });
  }
  get?.rounds.forEach((r, i) => {
    out.push(noFailures(`GET timeslots, pair ${i + 1}`, r.timeslots.rest));
    out.push(noFailures(`GET products, pair ${i + 1}`, r.products.rest));
    // A failing baseline would make its ratio meaningless (a ratio over nothing).
    out.push(noFailures(`baseline GET timeslots, pair ${i + 1}`, r.timeslots.baseline));
    out.push(noFailures(`baseline GET products, pair ${i + 1}`, r.products.baseline));
  });
  bookings?.rounds.forEach((r, i) => {
    out.push(noFailures(`POST booking, pair ${i + 1}`, r.api.load));
    for (const [side, phase] of [
      ["API", r.api],
      ["baseline", r.baseline],
    ] as const) {
      out.push(identity(`bookings (${side}, pair ${i + 1})`, phase.identity));
      out.push({
        check: `bookings (${side}, pair ${i + 1}): every attempt sold, none met a full timeslot`,
        ok: phase.refused === 0 && phase.sold > 0,
        detail: `${phase.sold} × 201, refused: ${JSON.stringify(phase.refusedBy)}`,
      });
    }
  });
  if (usage) {
    usage.rounds.forEach((r, i) => {
      out.push(noFailures(`POST usage, pair ${i + 1}`, r.api));
      out.push(noFailures(`baseline POST usage, pair ${i + 1}`, r.baseline));
    });
    out.push(noFailures("POST usage, two processes", usage.two));
    out.push(identity("usage entries (single POSTs)", usage.identity));
  }
  batch?.rounds.forEach((r, i) => {
    out.push(noFailures(`POST usage batch, pair ${i + 1}`, r.api));
    out.push(noFailures(`baseline POST usage batch, pair ${i + 1}`, r.baseline));
    const acknowledged = (r.api.statuses["2xx"] ?? 0) * batch.entriesPerBatch;
    const inFlight = batch.connections * batch.entriesPerBatch;
    out.push({
      check: `usage batch entries (pair ${i + 1}): every acknowledged one stored, nothing else`,
      ok: r.apiRecorded >= acknowledged && r.apiRecorded <= acknowledged + inFlight,
      detail: `${r.apiRecorded} stored, ${acknowledged} acknowledged, up to ${inFlight} unanswered at the end`,
    });
  });
  if (contention) {
    const answered = contention.contention_sold + contention.refused;
    out.push({
      check: "rush: exactly the capacity sold",
      ok: contention.contention_sold === 20 && contention.places_taken === 20 && contention.confirmed_in_db === 20,
      detail: `${contention.contention_sold} × 201, places_taken ${contention.places_taken}, confirmed participants ${contention.confirmed_in_db}`,
    });
    out.push({
      check: "rush: every attempt answered 201 or 409",
      ok: answered === contention.attempts && Object.keys(contention.other).length === 0,
      detail: `${answered} of ${contention.attempts}${Object.keys(contention.other).length ? `, other: ${JSON.stringify(contention.other)}` : ""}`,
    });
  }
  if (catalogue) {
    for (const [i, s] of catalogue.schedules.entries()) {
      out.push({
        check: `schedule ${i + 1}: every timeslot of 366 days × 4 times made once, and bookable`,
        ok: s.created === s.expected && s.stored === s.expected && s.firstDay === 4 && s.lastDay === 4,
        detail: `${s.created} created, ${s.stored} stored of ${s.expected}; a partner saw ${s.firstDay} on the first day, ${s.lastDay} on the last`,
      });
    }
    catalogue.rounds.forEach((r, i) => {
      out.push({
        check: `catalogue pair ${i + 1}: the database held the sizes measured`,
        ok: r.small.timeslots === 1_000 && r.large.timeslots > r.small.timeslots,
        detail: `${r.small.timeslots} and ${r.large.timeslots} timeslots`,
      });
    });
    const f = catalogue.feed;
    out.push({
      check: "change feed: every inserted timeslot's change read once, in order, without gaps",
      ok: f.gaps === 0 && f.changes === f.inserted && f.fullPages >= 1,
      detail: `${f.changes} changes read for ${f.inserted} timeslots inserted, ${f.pages} pages (${f.fullPages} of 1,000), ${f.gaps} gaps`,
    });
  }
  if (checkIns) {
    checkIns.rounds.forEach((r, i) => {
      out.push({
        check: `check-ins round ${i + 1}: every distinct code a first scan`,
        ok: r.statuses["200"] === r.codes && r.firstScans === r.codes,
        detail: `${r.firstScans} FirstScan of ${r.codes} codes; answers ${JSON.stringify(r.statuses)}`,
      });
    });
    const { repeat, race, stored } = checkIns;
    out.push({
      check: "check-ins: a repeat scan answers the first scan's time, never FirstScan",
      ok: repeat.scans > 0 && repeat.firstScans === 0 && repeat.sameTime === repeat.scans,
      detail: `${repeat.scans} repeats, ${repeat.firstScans} not FirstScan false, ${repeat.sameTime} with the first CheckedInAt`,
    });
    out.push({
      check: `check-ins: ${race.scansPerCode} scanners on one fresh code, exactly one FirstScan`,
      ok: race.exactlyOnce === race.codes,
      detail: `${race.exactlyOnce} of ${race.codes} codes`,
    });
    out.push({
      check: "check-ins: every scanned ticket stored checked in",
      ok: stored.checkedIn === stored.scanned,
      detail: `${stored.checkedIn} of ${stored.scanned} tickets`,
    });
  }
  if (orders) {
    orders.rounds.forEach((r, i) => {
      for (const [what, s] of [
        ["single bookings", r.single],
        ["orders", r.order],
      ] as const) {
        out.push({
          check: `confirm pair ${i + 1}, ${what}: every hold 201, every confirmation 200`,
          ok: Object.keys(s.failures).length === 0,
          detail: `${s.cycles} cycles${Object.keys(s.failures).length ? `, failed: ${JSON.stringify(s.failures)}` : ""}`,
        });
      }
    });
    out.push({
      check: "confirmed bookings stored confirmed, by reference",
      ok: orders.stored.inDatabase === orders.stored.confirmed && orders.stored.confirmed > 0,
      detail: `${orders.stored.inDatabase} of ${orders.stored.confirmed} references`,
    });
  }
  for (const [after, count] of Object.entries(capacity)) {
    out.push({
      check: `no timeslot over its capacity after ${after}`,
      ok: count === 0,
      detail: `${count} timeslots hold more places or confirmed participants than their capacity`,
    });
  }
  return out;
}
