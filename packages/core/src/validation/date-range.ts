import type { z } from "zod";

import { daySpan, isCalendarDate } from "../time/calendar.ts";

export const MAX_RANGE_DAYS = 366;

/**
 * A zod `.check` for two date fields of one object: the end on or after the start, and the
 * span (both days included) at most `maxDays`. Silent while either date is itself
 * invalid: that field's own error already says what is wrong.
 */
export function dateRangeCheck<K extends string>(startKey: K, endKey: K, maxDays = MAX_RANGE_DAYS) {
  return (ctx: z.core.ParsePayload<Record<K, string>>) => {
    const start = ctx.value[startKey];
    const end = ctx.value[endKey];
    if (!isCalendarDate(start) || !isCalendarDate(end)) return;
    if (end < start) {
      ctx.issues.push({
        code: "custom",
        path: [endKey],
        message: `${endKey} must be on or after ${startKey}`,
        input: end,
      });
    } else if (daySpan(start, end) > maxDays) {
      ctx.issues.push({
        code: "custom",
        path: [endKey],
        message: `${endKey} must be at most ${maxDays} days after ${startKey}, both included`,
        input: end,
      });
    }
  };
}
