import { beforeAll, describe, expect, it } from "vitest";

import { addDays, todayIn } from "@slotwise/core";

import { OTA, startApi, type Api } from "./harness.ts";

let api: Api;
let catalogKey: string;
let otaKey: string;
const BASE = "/api/v2/operator/activities";
const ZONE = "Europe/Lisbon";
const today = () => todayIn(ZONE, new Date());

beforeAll(async () => {
  api = await startApi();
  catalogKey = await api.key({ scopes: ["catalog"] });
  otaKey = await api.key();
});

const send = (path: string, method: string, json?: unknown, key = catalogKey) =>
  api.request(path, { method, key, ...(json === undefined ? {} : { json }) });

interface Activity {
  ActivityID: string;
  Name: string;
  Active: boolean;
  Partners: "all" | string[];
  Questions: { ID: string; Label: string }[];
  Units: { ID: string }[];
}

const newActivity = {
  Name: "Harbour Swim",
  DurationMinutes: 90,
  TimeZone: ZONE,
  Currency: "EUR",
  MaxParticipants: 6,
  Units: [
    { ID: "adult", Label: "Adult", Price: { Amount: 3000 } },
    { ID: "child", Label: "Child", MinAge: 8, Price: { Amount: 1500 } },
  ],
  Questions: [{ Label: "Can you swim?", Type: "boolean", Required: true }],
  CancellationPolicy: [{ HoursBefore: 24, RefundPercent: 100 }],
};

async function create(body: unknown = newActivity): Promise<Activity> {
  const response = await send(BASE, "POST", body);
  expect(response.status).toBe(201);
  const { data } = (await response.json()) as { data: Activity };
  expect(response.headers.get("location")).toBe(`${BASE}/${data.ActivityID}`);
  return data;
}

const errorsOf = async (response: Response) =>
  (await response.json()) as { errors?: { field: string; message: string }[]; kind?: string; type: string };

describe("operator activities", () => {
  it("needs a key with the catalog scope", async () => {
    expect((await send(BASE, "GET", undefined, otaKey)).status).toBe(403);
    expect((await api.request(BASE)).status).toBe(401);
  });

  it("creates, reads, lists, patches and archives an activity", async () => {
    const created = await create();
    expect(created).toMatchObject({ Name: "Harbour Swim", Active: true, Partners: "all" });
    expect(created.Units.map((unit) => unit.ID)).toEqual(["adult", "child"]);
    const read = await send(`${BASE}/${created.ActivityID}`, "GET");
    expect(((await read.json()) as { data: Activity }).data).toEqual(created);
    const patched = await send(`${BASE}/${created.ActivityID}`, "PATCH", { Name: "Harbour Swim at Dawn" });
    expect(((await patched.json()) as { data: Activity }).data).toMatchObject({
      Name: "Harbour Swim at Dawn",
      Active: true,
    });
    await send(`${BASE}/${created.ActivityID}`, "PATCH", { Active: false });
    const list = (await (await send(BASE, "GET")).json()) as { data: Activity[] };
    expect(list.data.find((a) => a.ActivityID === created.ActivityID)?.Active).toBe(false);
  });

  it("refuses bad fields naming them, and writes nothing", async () => {
    const before = await api.db.product.count();
    const bad = await send(BASE, "POST", { ...newActivity, TimeZone: "Mars/Olympus", DurationMinutes: 2 });
    expect(bad.status).toBe(422);
    expect((await errorsOf(bad)).errors?.map((e) => e.field).sort()).toEqual(["DurationMinutes", "TimeZone"]);
    const unknown = await send(BASE, "POST", { ...newActivity, Partners: ["acme-travel", "nobody-travel"] });
    expect(unknown.status).toBe(422);
    expect((await errorsOf(unknown)).errors).toEqual([
      { field: "Partners.1", message: "Partners names nobody-travel, which is no partner of this operator" },
    ]);
    const twice = await send(BASE, "POST", { ...newActivity, Partners: ["acme-travel", "acme-travel"] });
    expect(twice.status).toBe(422);
    expect((await errorsOf(twice)).errors?.map((e) => e.field)).toEqual(["Partners"]);
    const noAdult = await send(BASE, "POST", {
      ...newActivity,
      Units: [{ ID: "child", Label: "Child", Price: { Amount: 1 } }],
    });
    expect((await errorsOf(noAdult)).errors?.[0]?.field).toBe("Units");
    const otherCurrency = await send(BASE, "POST", {
      ...newActivity,
      Units: [{ ID: "adult", Label: "Adult", Price: { Amount: 3000, Currency: "USD" } }],
    });
    expect(otherCurrency.status).toBe(422);
    expect((await errorsOf(otherCurrency)).errors?.map((e) => e.field)).toEqual(["Units[0].Price.Currency"]);
    expect(await api.db.product.count()).toBe(before);
  });

  it("takes units back as products answer them, in the activity's currency only", async () => {
    const created = await create({
      ...newActivity,
      Units: [{ ID: "adult", Label: "Adult", Price: { Amount: 3000, Currency: "EUR" } }],
    });
    expect(created.Units).toEqual([expect.objectContaining({ ID: "adult", Price: { Amount: 3000, Currency: "EUR" } })]);
    const path = `${BASE}/${created.ActivityID}`;
    const repriced = await send(path, "PATCH", {
      Units: [{ ID: "adult", Label: "Adult", Price: { Amount: 3500, Currency: "GBP" } }],
    });
    expect(repriced.status).toBe(422);
    expect((await errorsOf(repriced)).errors?.map((e) => e.field)).toEqual(["Units[0].Price.Currency"]);
    const both = await send(path, "PATCH", {
      Currency: "GBP",
      Units: [{ ID: "adult", Label: "Adult", Price: { Amount: 3500, Currency: "GBP" } }],
    });
    expect(both.status).toBe(200);
    expect(((await both.json()) as { data: Activity }).data.Units).toEqual([
      expect.objectContaining({ ID: "adult", Price: { Amount: 3500, Currency: "GBP" } }),
    ]);
  });

  it("keeps an answered question's type, and lets one without answers change", async () => {
    const created = await create();
    const [question] = created.Questions;
    if (!question) throw new Error("no question");
    const path = `${BASE}/${created.ActivityID}`;
    const retypedFresh = await send(path, "PATCH", {
      Questions: [{ ID: question.ID, Label: "Can you swim?", Type: "text", Required: true }],
    });
    expect(retypedFresh.status).toBe(200);
    const day = addDays(today(), 5);
    expect((await send(`${path}/timeslots`, "POST", { Date: day, Time: "10:00", Capacity: 5 })).status).toBe(201);
    const booked = await api.request(`${OTA}/booking`, {
      method: "POST",
      key: otaKey,
      json: {
        ActivityID: created.ActivityID,
        Date: day,
        Time: "10:00",
        Participants: 1,
        Customer: { FirstName: "Rui", LastName: "Costa", Email: "rui@example.com", Phone: "+351912345679" },
        Answers: [{ QuestionID: question.ID, Value: "Yes, well" }],
      },
    });
    expect(booked.status).toBe(201);
    const retypedAnswered = await send(path, "PATCH", {
      Questions: [{ ID: question.ID, Label: "Can you swim?", Type: "boolean", Required: true }],
    });
    expect(retypedAnswered.status).toBe(422);
    expect((await errorsOf(retypedAnswered)).errors?.map((e) => e.field)).toEqual(["Questions[0].Type"]);
    const kept = await api.db.waiverQuestion.findUniqueOrThrow({ where: { id: question.ID } });
    expect(kept.type).toBe("TEXT");
    const relabelled = await send(path, "PATCH", {
      Questions: [{ ID: question.ID, Label: "Can you swim 50 m?", Type: "text", Required: true }],
    });
    expect(relabelled.status).toBe(200);
  });

  it("retires a question removed from the list and keeps it for answers given", async () => {
    const created = await create();
    const [question] = created.Questions;
    if (!question) throw new Error("no question");
    const response = await send(`${BASE}/${created.ActivityID}`, "PATCH", {
      Questions: [{ Label: "Any allergies?", Type: "text" }],
    });
    const { data } = (await response.json()) as { data: Activity };
    expect(data.Questions.map((q) => q.Label)).toEqual(["Any allergies?"]);
    const kept = await api.db.waiverQuestion.findUniqueOrThrow({ where: { id: question.ID } });
    expect(kept.retiredAt).not.toBeNull();
    const partnerView = await api.request(`${OTA}/questions/${created.ActivityID}`, { key: otaKey });
    expect(((await partnerView.json()) as { data: { Label: string }[] }).data.map((q) => q.Label)).toEqual([
      "Any allergies?",
    ]);
  });
});

describe("schedules and timeslots", () => {
  it("makes timeslots a partner can book at once, refuses clashes, keeps booked ones on delete", async () => {
    const activity = await create();
    const start = addDays(today(), 2);
    const path = `${BASE}/${activity.ActivityID}/schedules`;
    const response = await send(path, "POST", {
      StartDate: start,
      EndDate: addDays(start, 13),
      Weekdays: ["MO", "TU", "WE", "TH", "FR", "SA", "SU"],
      Times: ["09:00", "14:30"],
      Capacity: 8,
    });
    expect(response.status).toBe(201);
    const { data: schedule } = (await response.json()) as { data: { ID: number; Created: number } };
    expect(schedule.Created).toBe(28);

    const slots = await api.request(`${OTA}/availability/${activity.ActivityID}/timeslots?Date=${start}`, {
      key: otaKey,
    });
    expect(((await slots.json()) as { data: { Time: string; Available: number }[] }).data).toEqual([
      expect.objectContaining({ Time: "09:00", Available: 8 }),
      expect.objectContaining({ Time: "14:30", Available: 8 }),
    ]);

    const clash = await send(path, "POST", {
      StartDate: addDays(start, 5),
      EndDate: null,
      Weekdays: ["MO", "TU", "WE", "TH", "FR", "SA", "SU"],
      Times: ["14:30"],
      Capacity: 8,
    });
    expect(clash.status).toBe(409);
    expect(await clash.json()).toMatchObject({
      clash: { Date: addDays(start, 5), Time: "14:30", ScheduleID: schedule.ID },
    });

    // Ten thousand times do not fit in a request body; 96 every day for a year are too many timeslots.
    const tenThousand = await send(path, "POST", {
      StartDate: start,
      EndDate: null,
      Weekdays: ["MO"],
      Times: Array.from({ length: 10_000 }, (_, i) => `${String(i % 24).padStart(2, "0")}:00`),
      Capacity: 8,
    });
    expect(tenThousand.status).toBe(413);
    const quarterHours = Array.from(
      { length: 96 },
      (_, i) => `${String(Math.floor(i / 4)).padStart(2, "0")}:${String((i % 4) * 15).padStart(2, "0")}`,
    );
    const tooMany = await send(path, "POST", {
      StartDate: addDays(start, 20),
      EndDate: null,
      Weekdays: ["MO", "TU", "WE", "TH", "FR", "SA", "SU"],
      Times: quarterHours,
      Capacity: 8,
    });
    expect(tooMany.status).toBe(422);
    expect((await errorsOf(tooMany)).errors?.[0]?.field).toBe("Times");
    const hundred = await send(path, "POST", {
      StartDate: start,
      EndDate: start,
      Weekdays: ["MO"],
      Times: Array.from(
        { length: 100 },
        (_, i) => `${String(i % 24).padStart(2, "0")}:${String(Math.floor(i / 24)).padStart(2, "0")}`,
      ),
      Capacity: 8,
    });
    expect((await errorsOf(hundred)).errors?.[0]).toEqual({
      field: "Times",
      message: "Times must list at most 96 times",
    });

    const booked = await api.request(`${OTA}/booking`, {
      method: "POST",
      key: otaKey,
      json: {
        ActivityID: activity.ActivityID,
        Date: start,
        Time: "09:00",
        Participants: 3,
        Customer: { FirstName: "Ana", LastName: "Silva", Email: "ana@example.com", Phone: "+351912345678" },
        Answers: [{ QuestionID: activity.Questions[0]?.ID, Value: true }],
      },
    });
    expect(booked.status).toBe(201);

    const below = await send(`${BASE}/${activity.ActivityID}/timeslots/${start}/09:00`, "PATCH", { Capacity: 2 });
    expect(below.status).toBe(409);
    expect(await below.json()).toMatchObject({ taken: 3 });

    const currency = await send(`${BASE}/${activity.ActivityID}`, "PATCH", { Currency: "USD" });
    expect(currency.status).toBe(409);
    expect((await errorsOf(currency)).type).toMatch(/currency-locked$/);

    // Its timeslots and the booking on one are in the activity's local time: the zone stays.
    const zone = await send(`${BASE}/${activity.ActivityID}`, "PATCH", { TimeZone: "Asia/Kolkata" });
    expect(zone.status).toBe(409);
    expect((await errorsOf(zone)).type).toMatch(/time-zone-locked$/);
    const read = await send(`${BASE}/${activity.ActivityID}`, "GET");
    expect(((await read.json()) as { data: { TimeZone: string } }).data.TimeZone).toBe(ZONE);

    const deleted = await send(`${path}/${schedule.ID}`, "DELETE");
    expect(((await deleted.json()) as { data: { Kept: unknown[] } }).data.Kept).toEqual([
      { Date: start, Time: "09:00" },
    ]);
  });

  it("adds one-off timeslots, refuses a second at that start, and closes dates listing the bookings", async () => {
    const activity = await create();
    const day = addDays(today(), 4);
    const one = await send(`${BASE}/${activity.ActivityID}/timeslots`, "POST", {
      Date: day,
      Time: "10:00",
      Capacity: 5,
    });
    expect(one.status).toBe(201);
    const again = await send(`${BASE}/${activity.ActivityID}/timeslots`, "POST", {
      Date: day,
      Time: "10:00",
      Capacity: 5,
    });
    expect(again.status).toBe(409);
    const past = await send(`${BASE}/${activity.ActivityID}/timeslots`, "POST", {
      Date: addDays(today(), -1),
      Time: "10:00",
      Capacity: 5,
    });
    expect(past.status).toBe(422);
    expect((await errorsOf(past)).errors?.map((e) => e.field)).toEqual(["Date"]);
    const booked = await api.request(`${OTA}/booking`, {
      method: "POST",
      key: otaKey,
      json: {
        ActivityID: activity.ActivityID,
        Date: day,
        Time: "10:00",
        Participants: 1,
        Customer: { FirstName: "Rui", LastName: "Costa", Email: "rui@example.com", Phone: "+351912345679" },
      },
    });
    const { data: booking } = (await booked.json()) as { data: { Reference: string } };
    const closure = await send(`${BASE}/${activity.ActivityID}/closures`, "POST", {
      From: day,
      To: day,
      Reason: "Storm",
    });
    expect(closure.status).toBe(201);
    const created = ((await closure.json()) as { data: { ID: number; AffectedBookings: string[] } }).data;
    expect(created.AffectedBookings).toEqual([booking.Reference]);
    const decade = await send(`${BASE}/${activity.ActivityID}/closures`, "POST", { From: day, To: addDays(day, 3650) });
    expect(decade.status).toBe(422);
    expect((await errorsOf(decade)).errors?.[0]?.field).toBe("To");

    // The closures read back, as a reload of the console shows them: the refused one is not there.
    const listed = await send(`${BASE}/${activity.ActivityID}/closures`, "GET");
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual({
      data: [{ ID: created.ID, From: day, To: day, Reason: "Storm", AffectedBookings: [booking.Reference] }],
    });
    // A cancelled booking is no longer one to contact.
    await api.request(`${OTA}/booking/${booking.Reference}/cancel`, { method: "POST", key: otaKey });
    const afterCancel = (await (await send(`${BASE}/${activity.ActivityID}/closures`, "GET")).json()) as {
      data: { AffectedBookings: string[] }[];
    };
    expect(afterCancel.data[0]?.AffectedBookings).toEqual([]);
    expect((await send(`${BASE}/s_Unknown0001/closures`, "GET")).status).toBe(404);
  });
});

describe("partner distribution", () => {
  it("lists the operator's partners, the slugs Partners may name, and only that operator's", async () => {
    const answer = await send("/api/v2/operator/partners", "GET");
    expect(answer.status).toBe(200);
    const { data } = (await answer.json()) as { data: { Slug: string; Name: string }[] };
    const stored = await api.db.partner.findMany({ where: { operator: { slug: "demo" } } });
    expect(data.map((p) => p.Slug).sort()).toEqual(stored.map((p) => p.slug).sort());
    expect(data.map((p) => p.Name)).toEqual([...data.map((p) => p.Name)].sort((a, b) => a.localeCompare(b)));
    const harbour = await api.key({ operator: "harbour", scopes: ["catalog"] });
    const theirs = (await (await send("/api/v2/operator/partners", "GET", undefined, harbour)).json()) as {
      data: { Slug: string }[];
    };
    const harbourStored = await api.db.partner.findMany({ where: { operator: { slug: "harbour" } } });
    expect(theirs.data.map((p) => p.Slug).sort()).toEqual(harbourStored.map((p) => p.slug).sort());
  });

  it("hides an activity from partners not allowed, on every path, exactly as an unknown one, until allowed", async () => {
    const activity = await create({ ...newActivity, Name: "Globetrek Only Swim", Partners: ["globetrek"] });
    const day = addDays(today(), 3);
    await send(`${BASE}/${activity.ActivityID}/timeslots`, "POST", { Date: day, Time: "11:00", Capacity: 5 });
    const unknown = "s_Unknown0001";
    const paths = (id: string) => [
      `${OTA}/availability/${id}/dates?StartDate=${day}&EndDate=${day}`,
      `${OTA}/availability/${id}/timeslots?Date=${day}`,
      `${OTA}/questions/${id}`,
      "/api/v2/ota/core/questions/" + id,
    ];
    const answers = async (id: string) =>
      Promise.all(
        paths(id).map(async (path) => {
          const response = await api.request(path, { key: otaKey });
          const body = (await response.json()) as { detail?: string };
          return { status: response.status, detail: body.detail?.replace(id, "<id>") };
        }),
      );
    expect(await answers(activity.ActivityID)).toEqual(await answers(unknown));
    const products = (await (await api.request(`${OTA}/products`, { key: otaKey })).json()) as {
      data: { ActivityID: string }[];
    };
    expect(products.data.map((p) => p.ActivityID)).not.toContain(activity.ActivityID);
    const resolved = await api.request(`${OTA}/resolve-product?Name=${encodeURIComponent("Globetrek Only Swim")}`, {
      key: otaKey,
    });
    expect(resolved.status).toBe(404);
    const booking = await api.request(`${OTA}/booking`, {
      method: "POST",
      key: otaKey,
      json: {
        ActivityID: activity.ActivityID,
        Date: day,
        Time: "11:00",
        Participants: 1,
        Customer: { FirstName: "Ana", LastName: "Silva", Email: "ana@example.com", Phone: "+351912345678" },
      },
    });
    expect(booking.status).toBe(404);
    const globetrek = await api.key({ partner: "globetrek" });
    const theirs = await api.request(`/api/v2/ota/globetrek/questions/${activity.ActivityID}`, { key: globetrek });
    expect(theirs.status).toBe(200);

    await send(`${BASE}/${activity.ActivityID}`, "PATCH", { Partners: "all" });
    const now = await api.request(`${OTA}/questions/${activity.ActivityID}`, { key: otaKey });
    expect(now.status).toBe(200);
    await send(`${BASE}/${activity.ActivityID}`, "PATCH", { Active: false });
    expect((await api.request(`${OTA}/questions/${activity.ActivityID}`, { key: otaKey })).status).toBe(404);
  });
});
