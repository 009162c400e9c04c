import { todayIn } from "@slotwise/core";
import { earlyMorningZone } from "@slotwise/testing/early-morning-zone";
import type { ApiProcess } from "@slotwise/testing/processes";

import { call, concurrently, expectCall } from "../http-call.ts";
import { percentile } from "../percentile.ts";
import type { BenchStack } from "../stack.ts";
import { createActivity, createSchedule } from "./catalogue-client.ts";

/** Scanners at the meeting point checking guests in at once. */
export const SCANNERS = 50;
/** Persons per booking, so one booking brings that many tickets. */
const PARTY = 20;
/** Fresh codes each scanned by several scanners at once, and how many. */
const RACE_CODES = 20;
const RACE_SCANS = 5;

export interface CheckInRound {
  /** Distinct codes scanned, once each. */
  codes: number;
  p50: number;
  p95: number;
  /** Answers by status, and how many said FirstScan true. */
  statuses: Record<string, number>;
  firstScans: number;
  /** Scans answered per second over the round. */
  perSecond: number;
}

export interface CheckInResult {
  scanners: number;
  timeZone: string;
  rounds: CheckInRound[];
  /** Codes already scanned, scanned again: each must answer FirstScan false with the first scan's time. */
  repeat: { scans: number; firstScans: number; sameTime: number };
  /** Fresh codes each scanned by RACE_SCANS scanners at once: each must have exactly one FirstScan true. */
  race: { codes: number; scansPerCode: number; exactlyOnce: number };
  /** Codes scanned against the tickets the database holds as checked in. */
  stored: { scanned: number; checkedIn: number };
}

interface Scan {
  status: number;
  ms: number;
  firstScan: boolean | null;
  checkedInAt: string | null;
}

/**
 * At least `needed` ticket codes of today: an activity (created over REST) in a zone where it is
 * early morning, with a timeslot at 23:30 today, and confirmed bookings of PARTY persons each.
 * The codes come round the parties, so consecutive codes belong to different bookings, as
 * guests at 50 gates do.
 */
export async function todaysTicketCodes(stack: BenchStack, api: ApiProcess, name: string, needed: number) {
  const timeZone = earlyMorningZone(new Date());
  const today = todayIn(timeZone, new Date());
  const activity = await createActivity(api.base, stack.keys.catalog, { name, timeZone, maxParticipants: PARTY });
  await createSchedule(api.base, stack.keys.catalog, activity, {
    startDate: today,
    endDate: today,
    times: ["23:30"],
    capacity: 10_000,
  });
  const bookings = Array.from({ length: Math.ceil(needed / PARTY) }, (_, i) => i);
  await concurrently(bookings, 10, (i) =>
    expectCall(`${api.base}/api/v2/ota/acme-travel/booking`, 201, {
      headers: { authorization: `Bearer ${stack.keys.ota}` },
      json: {
        ActivityID: activity,
        Date: today,
        Time: "23:30",
        Participants: PARTY,
        Customer: { FirstName: "Scan", LastName: `Party${i}`, Email: `scan${i}@example.com`, Phone: "+351912345678" },
      },
    }),
  );
  const codes = (
    await stack.db.$queryRaw<{ code: string }[]>`
      SELECT t.code FROM tickets t
        JOIN bookings b ON b.id = t.booking_id
        JOIN timeslots s ON s.id = b.timeslot_id
        JOIN products p ON p.id = s.product_id
       WHERE p.activity_id = ${activity}
       ORDER BY t.position, t.id`
  ).map((r) => r.code);
  if (codes.length < needed) throw new Error(`${codes.length} tickets, ${needed} needed`);
  return { timeZone, codes };
}

/**
 * The day of the tour: an activity (created over REST) with a timeslot today, enough confirmed
 * bookings for every scan to use a code of its own, then `rounds` rounds of `codesPerRound`
 * distinct codes scanned by 50 scanners at once (POST /operator/check-ins with a `checkin`
 * key), a repeat scan of some, and a race of scanners on the same fresh codes.
 */
export async function checkIns(
  stack: BenchStack,
  api: ApiProcess,
  rounds: number,
  codesPerRound: number,
): Promise<CheckInResult> {
  const needed = SCANNERS + rounds * codesPerRound + RACE_CODES;
  const { timeZone, codes } = await todaysTicketCodes(stack, api, "Bench Day Tour", needed);

  const scan = async (code: string): Promise<Scan> => {
    const { status, body, ms } = await call(`${api.base}/api/v2/operator/check-ins`, {
      headers: { authorization: `Bearer ${stack.keys.checkin}` },
      json: { Code: code },
    });
    const data = status === 200 ? (body as { data: { FirstScan: boolean; CheckedInAt: string } }).data : null;
    return { status, ms, firstScan: data?.FirstScan ?? null, checkedInAt: data?.CheckedInAt ?? null };
  };
  // Unmeasured scans first (connections, JIT, prepared statements): they count as scanned codes.
  const warm = codes.slice(0, SCANNERS);
  const warmScans = await concurrently(warm, SCANNERS, scan);
  const firstTimes = new Map(warm.map((code, i) => [code, warmScans[i]?.checkedInAt ?? null]));
  const measured: CheckInRound[] = [];
  for (let round = 0; round < rounds; round++) {
    const slice = codes.slice(SCANNERS + round * codesPerRound, SCANNERS + (round + 1) * codesPerRound);
    const started = performance.now();
    const scans = await concurrently(slice, SCANNERS, scan);
    const seconds = (performance.now() - started) / 1_000;
    slice.forEach((code, i) => firstTimes.set(code, scans[i]?.checkedInAt ?? null));
    const times = scans.map((s) => s.ms).sort((a, b) => a - b);
    const statuses: Record<string, number> = {};
    for (const s of scans) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
    measured.push({
      codes: slice.length,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      statuses,
      firstScans: scans.filter((s) => s.firstScan === true).length,
      perSecond: slice.length / seconds,
    });
  }

  const again = [...firstTimes.keys()].slice(0, 200);
  const repeats = await concurrently(again, SCANNERS, scan);
  const repeat = {
    scans: repeats.length,
    firstScans: repeats.filter((s) => s.firstScan !== false).length,
    sameTime: repeats.filter((s, i) => s.checkedInAt !== null && s.checkedInAt === firstTimes.get(again[i] ?? ""))
      .length,
  };

  const fresh = codes.slice(codes.length - RACE_CODES);
  const raced = await Promise.all(
    fresh.map((code) => Promise.all(Array.from({ length: RACE_SCANS }, () => scan(code)))),
  );
  const race = {
    codes: fresh.length,
    scansPerCode: RACE_SCANS,
    exactlyOnce: raced.filter(
      (scans) => scans.every((s) => s.status === 200) && scans.filter((s) => s.firstScan === true).length === 1,
    ).length,
  };

  const scanned = [...firstTimes.keys(), ...fresh];
  const [row] = await stack.db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM tickets WHERE code = ANY(${scanned}::text[]) AND checked_in_at IS NOT NULL`;
  return {
    scanners: SCANNERS,
    timeZone,
    rounds: measured,
    repeat,
    race,
    stored: { scanned: scanned.length, checkedIn: row?.n ?? 0 },
  };
}
