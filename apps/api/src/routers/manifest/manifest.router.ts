import { router } from "../../trpc/procedures.ts";
import { manifestCheckIn, manifestCsv, manifestDay, manifestMarkNoShows } from "./manifest.handler.ts";

export const manifestRouter = router({
  day: manifestDay,
  csv: manifestCsv,
  checkIn: manifestCheckIn,
  markNoShows: manifestMarkNoShows,
});
