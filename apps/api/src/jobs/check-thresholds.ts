import { ExactDecimal, thresholdPeriods, thresholdReached, type LocalPeriod } from "@slotwise/core";
import {
  noticedSince,
  noticeKey,
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

/**
 * Finds every threshold reached in the current local day or month of each operator that has
 * thresholds (and in the one that just ended), and notices each once: the totals come from the
 * rollups and the not-yet-folded entries, so they are exact whether or not compaction ran, and
 * a batch that jumps past several thresholds notices each of them. Returns how many notices
 * are new; any number of workers may run it at once.
 */
export async function checkUsageThresholds(db: Database, now: Date): Promise<number> {
  let fresh = 0;
  for (const operator of await watchedThresholds(db)) {
    const periods = thresholdPeriods(now, operator.timeZone, THRESHOLD_LOOKBACK_MS);
    const earliest = periods.map((p) => p.startDate).sort()[0];
    const noticed = earliest ? await noticedSince(db, operator.operatorId, earliest) : new Set<string>();
    for (const local of periods) {
      const watched = operator.meters.filter((m) => m.thresholds.some((t) => t.period === local.period));
      if (watched.length === 0) continue;
      const totals = await periodTotals(db, operator.operatorId, local);
      for (const meter of watched) {
        const total = totals.get(meter.meter);
        if (total === undefined) continue;
        for (const threshold of meter.thresholds) {
          if (threshold.period !== local.period || !thresholdReached(total, threshold.value)) continue;
          const key = {
            meter: meter.meter,
            period: local.period,
            threshold: threshold.value,
            periodStart: local.startDate,
          };
          if (noticed.has(noticeKey(key))) continue;
          const isNew = await noticeThresholdCrossed(db, {
            operatorId: operator.operatorId,
            meter: meter.meter,
            unit: meter.unit,
            period: local.period,
            threshold: threshold.value,
            total,
            periodStart: local.startDate,
            timeZone: operator.timeZone,
            at: now,
          });
          if (isNew) fresh++;
        }
      }
    }
  }
  return fresh;
}

async function periodTotals(db: Database, operatorId: number, local: LocalPeriod): Promise<Map<string, string>> {
  const rows = await usageTotals(db, operatorId, local.start, local.end);
  // The sum as the shortest decimal, as the e-mail shows it (numeric's text keeps trailing zeros).
  return new Map(rows.map((r) => [r.meter, new ExactDecimal(r.totalUsage).toFixed()]));
}
