import { ExactDecimal } from "@slotwise/core";
import { listThresholdNotices, meterUnits } from "@slotwise/db";

import { consoleProcedure } from "../../../trpc/procedures.ts";

/** The console's list is the recent past: older notices stay in the table, unread. */
const NOTICES_SHOWN = 50;

/** The operator's latest `usage.threshold_crossed` events, newest first. */
export const listConsoleThresholdNotices = consoleProcedure.query(async ({ ctx }) => {
  const [notices, units] = await Promise.all([
    listThresholdNotices(ctx.db, ctx.principal.operatorId, NOTICES_SHOWN),
    meterUnits(ctx.db, ctx.principal.operatorId),
  ]);
  return notices.map((n) => ({
    id: n.id,
    type: "usage.threshold_crossed" as const,
    meter: n.meter,
    unit: units.get(n.meter) ?? null,
    period: n.period,
    threshold: new ExactDecimal(n.threshold).toNumber(),
    total: new ExactDecimal(n.total).toNumber(),
    periodStart: n.periodStart,
    timeZone: n.timeZone,
    noticedAt: n.noticedAt.toISOString(),
  }));
});
