import { WEEKDAYS } from "@slotwise/core";

import { expectCall, type CallAnswer } from "../http-call.ts";

/** An activity as an operator creates it over REST with a `catalog` key: adults only, at 25.00. */
export async function createActivity(
  api: string,
  catalogKey: string,
  fields: { name: string; timeZone: string; maxParticipants?: number },
): Promise<string> {
  const { body } = await expectCall(`${api}/api/v2/operator/activities`, 201, {
    headers: { authorization: `Bearer ${catalogKey}` },
    json: {
      Name: fields.name,
      DurationMinutes: 60,
      TimeZone: fields.timeZone,
      Currency: "EUR",
      MaxParticipants: fields.maxParticipants ?? 20,
      Units: [{ ID: "adult", Label: "Adult", Price: { Amount: 2500 } }],
    },
  });
  const id = (body as { data?: { ActivityID?: string } }).data?.ActivityID;
  if (!id) throw new Error(`the new activity has no ActivityID: ${JSON.stringify(body)}`);
  return id;
}

/** A schedule every day of the week from `startDate` to `endDate` at `times`, as an operator creates it. */
export async function createSchedule(
  api: string,
  catalogKey: string,
  activityId: string,
  schedule: { startDate: string; endDate: string; times: string[]; capacity: number },
): Promise<CallAnswer & { created: number }> {
  const answer = await expectCall(`${api}/api/v2/operator/activities/${activityId}/schedules`, 201, {
    headers: { authorization: `Bearer ${catalogKey}` },
    json: {
      StartDate: schedule.startDate,
      EndDate: schedule.endDate,
      Weekdays: WEEKDAYS,
      Times: schedule.times,
      Capacity: schedule.capacity,
    },
  });
  const created = (answer.body as { data?: { Created?: number } }).data?.Created ?? Number.NaN;
  return { ...answer, created };
}
