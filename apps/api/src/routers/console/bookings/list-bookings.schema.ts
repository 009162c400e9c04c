import { z } from "zod";

import { dateField, idField, textField } from "@slotwise/core";
import { BOOKING_SORTS, BookingSource, BookingStatus, WaiverStatus } from "@slotwise/db";

import { pageInput } from "../paging.ts";

export const listBookingsInput = z.object({
  from: dateField("from").optional(),
  to: dateField("to").optional(),
  source: z.enum(BookingSource).optional(),
  partnerId: idField("partnerId").optional(),
  productId: idField("productId").optional(),
  status: z.enum(BookingStatus).optional(),
  waiverStatus: z.enum(WaiverStatus).optional(),
  search: textField("search", 0, 100).optional(),
  sort: z.enum(BOOKING_SORTS).default("startsAt"),
  direction: z.enum(["asc", "desc"]).default("desc"),
  ...pageInput,
});
