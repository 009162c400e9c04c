import { router } from "../../../trpc/procedures.ts";
import { activityGrid } from "./activity-grid.ts";
import { listConsoleActivities } from "./list-activities.ts";

export const consoleActivitiesRouter = router({ list: listConsoleActivities, grid: activityGrid });
