import {
  ExactDecimal,
  highestThresholdReached,
  MAX_THRESHOLD_EMAILS_PER_PERIOD,
  thresholdPeriods,
  thresholdReached,
  type LocalPeriod,
} from "@slotwise/core";
import {
  levelKey,
  noticedLevels,
  noticeThresholdCrossed,
  usageTotals,
  watchedThresholds,
  type Database,
} from "@slotwise/db";

/**
 * How far back a check still looks at the period that just ended: usage recorded in a day's
 * last seconds is checked after midnight too, by a check that runs within this long.
 */
export const THRESHOLD_LOOKBACK_MS = 5 * 60_000;

type WatchedOperator = Awaited<ReturnType<typeof watchedThresholds>>[number];

export interface ThresholdCheck {
  /** Notices written by this check (those another worker wrote first are not counted). */
  noticed: number;
  /** Operators whose check failed; the others were checked all the same, and these are checked again next time. */
  failed: { operatorId: number; error: unknown }[];
}

/**
 * Finds, for each meter of each operator that has thresholds, the highest threshold reached in
 * the current local day or month (and in the one that just ended), and notices it when it is
 * above the highest already noticed for that meter and period: a batch that jumps past several
 * thresholds gives one notice, for the highest, and edits of the thresholds give a notice only
 * when usage reaches a higher one (docs/decisions/threshold-notice-bounds.md). The totals come
 * from the rollups and the not-yet-folded entries, so they are exact whether or not compaction
 * ran. Any number of workers may run it at once.
 */
export async function checkUsageThresholds(db: Database, now: Date): Promise<ThresholdCheck> {
  const check: ThresholdCheck = { noticed: 0, failed: [] };
  for (const operator of await watchedThresholds(db)) {
    try {
      check.noticed += await checkOperator(db, operator, now);
    } catch (error) {
      check.failed.push({ operatorId: operator.operatorId, error });
    }
  }
  return check;
}

async function checkOperator(db: Database, operator: WatchedOperator, now: Date): Promise<number> {
  let noticed = 0;
  const periods = thresholdPeriods(now, operator.timeZone, THRESHOLD_LOOKBACK_MS);
  const earliest = periods.map((p) => p.startDate).sort()[0];
  // Levels noticed before cost nothing more than this one read.
  const levels = earliest ? await noticedLevels(db, operator.operatorId, earliest) : new Map<string, string>();
  for (const local of periods) {
    const watched = operator.meters.filter((m) => m.thresholds.some((t) => t.period === local.period));
    if (watched.length === 0) continue;
    const totals = await periodTotals(db, operator.operatorId, local);
    for (const meter of watched) {
      const total = totals.get(meter.meter);
      if (total === undefined) continue;
      const values = meter.thresholds.filter((t) => t.period === local.period).map((t) => t.value);
      const threshold = highestThresholdReached(total, values);
      if (threshold === undefined) continue;
      const level = levels.get(levelKey({ meter: meter.meter, period: local.period, periodStart: local.startDate }));
      if (level !== undefined && thresholdReached(level, threshold)) continue;
      const crossing = {
        operatorId: operator.operatorId,
        meter: meter.meter,
        unit: meter.unit,
        period: local.period,
        threshold,
        total,
        periodStart: local.startDate,
        timeZone: operator.timeZone,
        at: now,
      };
      if (await noticeThresholdCrossed(db, crossing, MAX_THRESHOLD_EMAILS_PER_PERIOD)) noticed++;
    }
  }
  return noticed;
}

async function periodTotals(db: Database, operatorId: number, local: LocalPeriod): Promise<Map<string, string>> {
  const rows = await usageTotals(db, operatorId, local.start, local.end);
  // The sum as the shortest decimal, as the e-mail shows it (numeric's text keeps trailing zeros).
  return new Map(rows.map((r) => [r.meter, new ExactDecimal(r.totalUsage).toFixed()]));
}
