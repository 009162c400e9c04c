import { beforeAll, describe, expect, it } from "vitest";

import { addDays, todayIn, WEEKDAYS } from "@slotwise/core";

import { startApi, type Api } from "./harness.ts";
import { trpcClient } from "./trpc-client.ts";

const ZONE = "Europe/Lisbon";
let api: Api;
let console_: ReturnType<typeof trpcClient>;

beforeAll(async () => {
  api = await startApi();
  console_ = trpcClient(api.base);
  await console_.console.session.signIn.mutate({ email: "demo@example.com", password: "correct-horse-battery" });
});

async function newActivity(name: string) {
  const { data } = await console_.catalog.createActivity.mutate({
    Name: name,
    DurationMinutes: 60,
    TimeZone: ZONE,
    Currency: "EUR",
    Units: [{ ID: "adult", Label: "Adult", Price: { Amount: 2500 } }],
  });
  return data;
}

describe("the console session on the catalogue", () => {
  it("creates and reads activities over the same procedures as a catalog key", async () => {
    const created = await newActivity("Console Kayak");
    const { data } = await console_.catalog.activities.query({});
    expect(data.map((activity) => activity.ActivityID)).toContain(created.ActivityID);
  });

  it("is refused without a session", async () => {
    await expect(trpcClient(api.base).catalog.activities.query({})).rejects.toMatchObject({
      shape: { problem: { status: 401 } },
    });
  });
});

describe("previewSchedule", () => {
  it("lists the next starts in the activity's zone, the starts that exist and the clashes, writing nothing", async () => {
    const activity = await newActivity("Preview Walk");
    const start = addDays(todayIn(ZONE, new Date()), 3);
    const ActivityID = activity.ActivityID;
    const { data: first } = await console_.catalog.createSchedule.mutate({
      ActivityID,
      StartDate: start,
      EndDate: addDays(start, 6),
      Weekdays: [...WEEKDAYS],
      Times: ["10:00"],
      Capacity: 8,
    });
    const rule = {
      ActivityID,
      StartDate: start,
      EndDate: addDays(start, 1),
      Weekdays: [...WEEKDAYS],
      Times: ["09:00", "10:00"],
      Capacity: 8,
    };
    const preview = await console_.catalog.previewSchedule.query(rule);
    expect(preview.TimeZone).toBe(ZONE);
    expect(preview.Count).toBe(4);
    expect(preview.Starts.map((s) => `${s.Date} ${s.Time}`)).toEqual([
      `${start} 09:00`,
      `${start} 10:00`,
      `${addDays(start, 1)} 09:00`,
      `${addDays(start, 1)} 10:00`,
    ]);
    expect(preview.Existing).toEqual([
      { Date: start, Time: "10:00" },
      { Date: addDays(start, 1), Time: "10:00" },
    ]);
    expect(preview.Clashes).toEqual([{ Date: start, Time: "10:00", ScheduleID: first.ID }]);
    const { data: schedules } = await console_.catalog.schedules.query({ ActivityID });
    expect(schedules).toHaveLength(1);
  });

  it("refuses what createSchedule refuses, naming the field", async () => {
    const activity = await newActivity("Preview Refusal");
    const today = todayIn(ZONE, new Date());
    const refused: unknown = await console_.catalog.previewSchedule
      .query({
        ActivityID: activity.ActivityID,
        StartDate: today,
        EndDate: addDays(today, -1),
        Weekdays: ["MO"],
        Times: ["25:00"],
        Capacity: 0,
      })
      .catch((error: unknown) => error);
    const problem = (refused as { shape?: { problem?: { status: number; extra: { errors?: { field: string }[] } } } })
      .shape?.problem;
    expect(problem?.status).toBe(422);
    expect(problem?.extra.errors?.map((error) => error.field)).toEqual(
      expect.arrayContaining(["EndDate", "Times[0]", "Capacity"]),
    );
  });
});
