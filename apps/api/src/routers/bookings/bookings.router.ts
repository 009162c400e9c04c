import { router } from "../../trpc/procedures.ts";
import { cancelBooking } from "./cancel-booking.ts";
import { changeBooking } from "./change-booking.ts";
import { confirmBooking } from "./confirm-booking.ts";
import { createBooking } from "./create-booking.ts";
import { getBooking } from "./get-booking.ts";
import { searchBookings } from "./search-bookings.ts";

export const bookingsRouter = router({
  create: createBooking,
  get: getBooking,
  cancel: cancelBooking,
  confirm: confirmBooking,
  change: changeBooking,
  search: searchBookings,
});
