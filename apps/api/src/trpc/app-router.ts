import { listAvailableDates } from "../routers/availability/available-dates.ts";
import { listAvailableTimeslots } from "../routers/availability/available-timeslots.ts";
import { cancelBooking } from "../routers/bookings/cancel-booking.ts";
import { createBooking } from "../routers/bookings/create-booking.ts";
import { getBooking } from "../routers/bookings/get-booking.ts";
import { listProducts } from "../routers/products/list-products.ts";
import { resolveProduct } from "../routers/products/resolve-product.ts";
import { listCoreQuestions, listPartnerQuestions } from "../routers/questions/list-questions.ts";
import { recordUsageEntry } from "../routers/usage/record-usage.ts";
import { usageSummary } from "../routers/usage/usage-summary.ts";
import { router } from "./procedures.ts";

/** The one router: served to partners as REST under /api/v2 and to the console as tRPC under /trpc. */
export const appRouter = router({
  products: router({ list: listProducts, resolve: resolveProduct }),
  availability: router({ dates: listAvailableDates, timeslots: listAvailableTimeslots }),
  // Order matters for REST matching: the static `core` segment before `{partner}`.
  questions: router({ core: listCoreQuestions, list: listPartnerQuestions }),
  bookings: router({ create: createBooking, get: getBooking, cancel: cancelBooking }),
  usage: router({ record: recordUsageEntry, summary: usageSummary }),
});

export type AppRouter = typeof appRouter;
