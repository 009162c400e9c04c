import { router } from "../../../trpc/procedures.ts";
import { listConsoleThresholdNotices } from "./list-threshold-notices.ts";

export const consoleThresholdNoticesRouter = router({ list: listConsoleThresholdNotices });
