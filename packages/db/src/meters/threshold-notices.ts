import type { ThresholdPeriod as Period } from "@slotwise/core";

import type { Database } from "../client.ts";
import { queueEmail } from "../email/queue-email.ts";
import { thresholdEmail } from "../email/templates.ts";
import type { Db } from "../tx.ts";
import { fromDbPeriod } from "./meter-definitions.ts";

/** Operators with at least one threshold, with their zone and the meters that have thresholds. */
export async function watchedThresholds(db: Db) {
  const operators = await db.operator.findMany({
    where: { meters: { some: { thresholds: { some: {} } } } },
    orderBy: { id: "asc" },
    select: {
      id: true,
      timeZone: true,
      meters: {
        where: { thresholds: { some: {} } },
        select: { meter: true, unit: true, thresholds: { select: { period: true, value: true } } },
      },
    },
  });
  return operators.map((operator) => ({
    operatorId: operator.id,
    timeZone: operator.timeZone,
    meters: operator.meters.map((m) => ({
      meter: m.meter,
      unit: m.unit,
      thresholds: m.thresholds.map((t) => ({ period: fromDbPeriod(t.period), value: t.value.toFixed() })),
    })),
  }));
}

export interface ThresholdCrossing {
  operatorId: number;
  meter: string;
  unit: string | null;
  period: Period;
  /** Exact decimal strings. */
  threshold: string;
  total: string;
  /** The local date the day or month starts on, in `timeZone`. */
  periodStart: string;
  timeZone: string;
  at: Date;
}

/**
 * Records a crossing as a notice and queues its e-mail, in one transaction, unless this
 * threshold was already noticed in this period: the unique key decides, so of several workers
 * checking at once exactly one inserts (the others wait on the key, then insert nothing), and
 * only that one queues the e-mail. The e-mail goes to the operator's first console user, the
 * account's owner; an operator without one gets the notice alone. Returns whether it was new.
 */
export function noticeThresholdCrossed(db: Database, crossing: ThresholdCrossing): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const [notice] = await tx.$queryRaw<{ id: number }[]>`
      INSERT INTO usage_threshold_notices (operator_id, meter, period, threshold, period_start, time_zone, total, noticed_at)
      VALUES (${crossing.operatorId}, ${crossing.meter}, ${crossing.period}::threshold_period,
              ${crossing.threshold}::numeric, ${crossing.periodStart}::date, ${crossing.timeZone},
              ${crossing.total}::numeric, ${crossing.at})
      ON CONFLICT (operator_id, meter, period, threshold, period_start) DO NOTHING
      RETURNING id`;
    if (!notice) return false;
    const owner = await tx.consoleUser.findFirst({
      where: { operatorId: crossing.operatorId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { email: true, name: true },
    });
    if (owner) {
      await queueEmail(tx, {
        operatorId: crossing.operatorId,
        kind: "USAGE_THRESHOLD",
        dedupeKey: `threshold:${notice.id}`,
        to: owner.email,
        ...thresholdEmail(owner.name, crossing),
        sendAfter: crossing.at,
        createdAt: crossing.at,
      });
    }
    return true;
  });
}

/** What names one notice: the meter, period kind, threshold and the local date its period starts on. */
export const noticeKey = (n: { meter: string; period: Period; threshold: string; periodStart: string }) =>
  `${n.period} ${n.periodStart} ${n.threshold} ${n.meter}`;

/**
 * Keys of the operator's notices of periods starting on or after `since` (a local date): a
 * check skips these without a transaction each, so thresholds long crossed cost one read.
 */
export async function noticedSince(db: Db, operatorId: number, since: string): Promise<Set<string>> {
  const rows = await db.usageThresholdNotice.findMany({
    where: { operatorId, periodStart: { gte: new Date(`${since}T00:00:00Z`) } },
    select: { meter: true, period: true, threshold: true, periodStart: true },
  });
  return new Set(
    rows.map((r) =>
      noticeKey({
        meter: r.meter,
        period: fromDbPeriod(r.period),
        threshold: r.threshold.toFixed(),
        periodStart: r.periodStart.toISOString().slice(0, 10),
      }),
    ),
  );
}

/** The operator's most recent notices, newest first. */
export async function listThresholdNotices(db: Db, operatorId: number, limit: number) {
  const rows = await db.usageThresholdNotice.findMany({
    where: { operatorId },
    orderBy: [{ noticedAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  return rows.map((row) => ({
    id: row.id,
    meter: row.meter,
    period: fromDbPeriod(row.period),
    threshold: row.threshold.toFixed(),
    total: row.total.toFixed(),
    periodStart: row.periodStart.toISOString().slice(0, 10),
    timeZone: row.timeZone,
    noticedAt: row.noticedAt,
  }));
}
