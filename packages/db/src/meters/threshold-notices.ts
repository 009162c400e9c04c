import type { ThresholdPeriod as Period } from "@slotwise/core";

import type { Database } from "../client.ts";
import { queueEmail } from "../email/queue-email.ts";
import { thresholdEmail } from "../email/templates.ts";
import type { ThresholdPeriod } from "../generated/prisma/enums.ts";
import type { Db, Tx } from "../tx.ts";
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
 * Records a crossing as a notice, unless a threshold as high or higher was already noticed for
 * this meter and period (the level only rises, whatever the definition's edits, deletions and
 * re-creations: notices are keyed by meter name), and queues its e-mail in the same transaction
 * unless the operator already had `emailsPerPeriod` threshold e-mails of this period kind and
 * start. One operator's notices are decided one at a time under an advisory lock, so several
 * workers checking at once write one notice and read an e-mail count that holds until commit.
 * The e-mail goes to the operator's first console user, the account's owner; an operator without
 * one gets the notice alone. Returns whether a notice was written.
 */
export function noticeThresholdCrossed(
  db: Database,
  crossing: ThresholdCrossing,
  emailsPerPeriod: number,
): Promise<boolean> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('threshold-notices'), ${crossing.operatorId}::int)`;
    const [level] = await tx.$queryRaw<{ above: boolean }[]>`
      SELECT coalesce(${crossing.threshold}::numeric > max(threshold), true) AS above
      FROM usage_threshold_notices
      WHERE operator_id = ${crossing.operatorId} AND meter = ${crossing.meter}
        AND period = ${crossing.period}::threshold_period AND period_start = ${crossing.periodStart}::date`;
    if (!level?.above) return false;
    const [notice] = await tx.$queryRaw<{ id: number }[]>`
      INSERT INTO usage_threshold_notices (operator_id, meter, period, threshold, period_start, time_zone, total, noticed_at)
      VALUES (${crossing.operatorId}, ${crossing.meter}, ${crossing.period}::threshold_period,
              ${crossing.threshold}::numeric, ${crossing.periodStart}::date, ${crossing.timeZone},
              ${crossing.total}::numeric, ${crossing.at})
      ON CONFLICT (operator_id, meter, period, threshold, period_start) DO NOTHING
      RETURNING id`;
    if (!notice) return false;
    const emailed = await thresholdEmailsOfPeriod(tx, crossing);
    if (emailed >= emailsPerPeriod) return true;
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
        ...thresholdEmail(owner.name, crossing, { last: emailed + 1 >= emailsPerPeriod }),
        sendAfter: crossing.at,
        createdAt: crossing.at,
      });
    }
    return true;
  });
}

/** Threshold e-mails queued for the operator's notices of the crossing's period kind and start. */
async function thresholdEmailsOfPeriod(tx: Tx, crossing: ThresholdCrossing): Promise<number> {
  const [row] = await tx.$queryRaw<{ emailed: number }[]>`
    SELECT count(*)::int AS emailed
    FROM usage_threshold_notices n
    JOIN outbox_emails o ON o.dedupe_key = 'threshold:' || n.id
    WHERE n.operator_id = ${crossing.operatorId} AND n.period = ${crossing.period}::threshold_period
      AND n.period_start = ${crossing.periodStart}::date`;
  return row?.emailed ?? 0;
}

/** What names one meter's period: the period kind, the local date it starts on and the meter. */
export const levelKey = (n: { meter: string; period: Period; periodStart: string }) =>
  `${n.period} ${n.periodStart} ${n.meter}`;

/**
 * The highest threshold noticed per meter and period (by `levelKey`), for the operator's periods
 * starting on or after `since` (a local date): a check skips thresholds at or below these without
 * a transaction each, so thresholds long crossed cost one read.
 */
export async function noticedLevels(db: Db, operatorId: number, since: string): Promise<Map<string, string>> {
  const rows = await db.$queryRaw<{ meter: string; period: ThresholdPeriod; periodStart: string; level: string }[]>`
    SELECT meter, period::text AS period, period_start::text AS "periodStart", max(threshold)::text AS level
    FROM usage_threshold_notices
    WHERE operator_id = ${operatorId} AND period_start >= ${since}::date
    GROUP BY meter, period, period_start`;
  return new Map(
    rows.map((r) => [
      levelKey({ meter: r.meter, period: fromDbPeriod(r.period), periodStart: r.periodStart }),
      r.level,
    ]),
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
