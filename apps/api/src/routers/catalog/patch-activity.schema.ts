import { activityIdParam } from "../../inputs/path-params.ts";
import { activityFields } from "./activity-fields.schema.ts";

/** Any fields of the activity: only those given change. */
export const patchActivityInput = activityFields.extend({ ActivityID: activityIdParam });
