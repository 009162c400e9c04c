import { activityFields } from "./activity-fields.schema.ts";

const { Name, DurationMinutes, TimeZone, Currency, Units } = activityFields.shape;

/** A new activity: Name, DurationMinutes, TimeZone, Currency and Units are required; the rest default. */
export const createActivityInput = activityFields.extend({
  Name: Name.unwrap(),
  DurationMinutes: DurationMinutes.unwrap(),
  TimeZone: TimeZone.unwrap(),
  Currency: Currency.unwrap(),
  Units: Units.unwrap(),
});
