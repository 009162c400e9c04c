import { router } from "../../../trpc/procedures.ts";
import { bookingFilterOptions } from "./booking-filter-options.ts";
import { cancelConsoleBooking } from "./cancel-booking.ts";
import { getConsoleBooking } from "./get-booking.ts";
import { listConsoleBookings } from "./list-bookings.ts";

export const consoleBookingsRouter = router({
  list: listConsoleBookings,
  filterOptions: bookingFilterOptions,
  get: getConsoleBooking,
  cancel: cancelConsoleBooking,
});
