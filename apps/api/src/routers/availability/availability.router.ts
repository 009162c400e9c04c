import { router } from "../../trpc/procedures.ts";
import { availabilityCalendar } from "./availability-calendar.ts";
import { listAvailabilityChanges } from "./availability-changes.ts";
import { listAvailableDates } from "./available-dates.ts";
import { listAvailableTimeslots } from "./available-timeslots.ts";

export const availabilityRouter = router({
  dates: listAvailableDates,
  timeslots: listAvailableTimeslots,
  calendar: availabilityCalendar,
  changes: listAvailabilityChanges,
});
