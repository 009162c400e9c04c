import { router } from "../../../trpc/procedures.ts";
import { changeTimeslot } from "./change-timeslot.ts";

export const consoleTimeslotsRouter = router({ change: changeTimeslot });
