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

  it("lists the activity's closures and the operator's partners, as the console's cards show them", async () => {
    const { ActivityID } = await newActivity("Console Closures");
    const day = addDays(todayIn(ZONE, new Date()), 5);
    const { data: closed } = await console_.catalog.createClosure.mutate({
      ActivityID,
      From: day,
      To: day,
      Reason: "Fog",
    });
    const { data: closures } = await console_.catalog.closures.query({ ActivityID });
    expect(closures).toEqual([closed]);
    const { data: partners } = await console_.catalog.partners.query({});
    const stored = await api.db.partner.findMany({ where: { operator: { slug: "demo" } } });
    expect(partners.map((p) => p.Slug).sort()).toEqual(stored.map((p) => p.slug).sort());
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
    // Four starts, two of which exist: creating it makes the other two.
    expect(preview.Created).toBe(2);
    expect(preview.ExistingCount).toBe(2);
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

  it("counts every existing start while listing only the first of them", async () => {
    const { ActivityID } = await newActivity("Preview Many Existing");
    const start = addDays(todayIn(ZONE, new Date()), 3);
    const days = { StartDate: start, EndDate: addDays(start, 19), Weekdays: [...WEEKDAYS], Capacity: 8 };
    await console_.catalog.createSchedule.mutate({ ActivityID, ...days, Times: ["10:00"] });
    const preview = await console_.catalog.previewSchedule.query({ ActivityID, ...days, Times: ["09:00", "10:00"] });
    expect(preview.Created).toBe(20);
    expect(preview.ExistingCount).toBe(20);
    expect(preview.Existing).toHaveLength(12);
    expect(preview.Existing[0]).toEqual({ Date: start, Time: "10:00" });
    // What the preview counts is what creating it then makes, once the clash is gone.
    const { data: schedules } = await console_.catalog.schedules.query({ ActivityID });
    await console_.catalog.deleteSchedule.mutate({ ActivityID, ID: schedules[0]!.ID });
    const again = await console_.catalog.previewSchedule.query({ ActivityID, ...days, Times: ["09:00"] });
    const { data: created } = await console_.catalog.createSchedule.mutate({ ActivityID, ...days, Times: ["09:00"] });
    expect(created.Created).toBe(again.Created);
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

  it("refuses a schedule of more than 20,000 timeslots at once exactly as createSchedule does", async () => {
    const { ActivityID } = await newActivity("Preview Too Many");
    // 60 times a day, every day, open-ended: 366 days of them is about 22,000 timeslots.
    const Times = Array.from(
      { length: 60 },
      (_, i) => `${String(6 + Math.floor(i / 4)).padStart(2, "0")}:${String((i % 4) * 15).padStart(2, "0")}`,
    );
    const rule = {
      ActivityID,
      StartDate: todayIn(ZONE, new Date()),
      EndDate: null,
      Weekdays: [...WEEKDAYS],
      Times,
      Capacity: 8,
    };
    const problemOf = (error: unknown) =>
      (
        error as {
          shape?: {
            problem?: { status: number; detail?: string; extra: { errors?: { field: string; message: string }[] } };
          };
        }
      ).shape?.problem;
    const previewed = problemOf(await console_.catalog.previewSchedule.query(rule).catch((error: unknown) => error));
    const created = problemOf(await console_.catalog.createSchedule.mutate(rule).catch((error: unknown) => error));
    expect(previewed?.status).toBe(422);
    expect(previewed?.extra.errors?.map((error) => error.field)).toEqual(["Times"]);
    expect(previewed?.extra.errors).toEqual(created?.extra.errors);
    const { data: schedules } = await console_.catalog.schedules.query({ ActivityID });
    expect(schedules).toHaveLength(0);
  });
});
