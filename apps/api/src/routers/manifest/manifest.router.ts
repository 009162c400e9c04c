import { router } from "../../trpc/procedures.ts";
import { manifestCheckIn } from "./manifest-check-in.ts";
import { manifestCsv } from "./manifest-csv.ts";
import { manifestDay } from "./manifest-day.ts";
import { manifestMarkNoShows } from "./mark-no-shows.ts";

export const manifestRouter = router({
  day: manifestDay,
  csv: manifestCsv,
  checkIn: manifestCheckIn,
  markNoShows: manifestMarkNoShows,
});
