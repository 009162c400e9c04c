import { isCalendarDate } from "@slotwise/core";
import { z } from "zod";

export const calendarDate = z.string().refine(isCalendarDate, { error: "must be a date as YYYY-MM-DD" });
export const pageInput = { page: z.int().min(1).max(100_000).default(1), pageSize: z.int().min(5).max(200).default(25) };

/** Pagination figures the tables show under themselves. */
export function pageOf(page: number, pageSize: number, total: number) {
  return { page, pageSize, total, pages: Math.max(1, Math.ceil(total / pageSize)) };
}
