import { beforeAll, describe, expect, it } from "vitest";

import { instantToLocal } from "@slotwise/core";

import { inDays, OTA, problemOf, startApi, type Api } from "./harness.ts";

let api: Api;
let key: string;
let activityId: string;
let productId: number;
beforeAll(async () => {
  api = await startApi();
  key = await api.key();
  const product = await api.db.product.findFirstOrThrow({
    where: { operator: { slug: "demo" }, name: "Tuk-Tuk Hills Tour" },
  });
  activityId = product.activityId;
  productId = product.id;
});

const dates = (query: string) => api.request(`${OTA}/availability/${activityId}/dates${query}`, { key });
const timeslots = (query: string) => api.request(`${OTA}/availability/${activityId}/timeslots${query}`, { key });

describe("GET /availability/{ActivityID}/dates", () => {
  it("lists the days with a bookable timeslot, summing free places, and leaves out full and closed ones", async () => {
    const start = inDays(3);
    const end = inDays(9);
    const slots = await api.db.timeslot.findMany({
      where: {
        productId,
        startsAt: { gt: new Date(Date.now() + 2 * 86_400_000), lt: new Date(Date.now() + 11 * 86_400_000) },
      },
    });
    const expected = new Map<string, { Available: number; Timeslots: number }>();
    for (const s of slots) {
      const date = instantToLocal(s.startsAt, "Europe/Lisbon").date;
      if (date < start || date > end || s.closed || s.placesTaken >= s.capacity) continue;
      const day = expected.get(date) ?? { Available: 0, Timeslots: 0 };
      day.Available += s.capacity - s.placesTaken;
      day.Timeslots += 1;
      expected.set(date, day);
    }
    const response = await dates(`?StartDate=${start}&EndDate=${end}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { Date: string; Available: number; Timeslots: number }[] };
    expect(body.data).toEqual([...expected.entries()].sort().map(([Date, v]) => ({ Date, ...v })));
  });

  it("drops a day whose only free timeslots are closed or sold", async () => {
    const day = inDays(5);
    const before = (await (await dates(`?StartDate=${day}&EndDate=${day}`)).json()) as { data: unknown[] };
    expect(before.data).toHaveLength(1);
    const slots = await api.db.timeslot.findMany({
      where: { productId, startsAt: { gte: new Date(`${day}T00:00:00Z`), lt: new Date(`${day}T23:59:59Z`) } },
    });
    await api.db.timeslot.updateMany({ where: { id: { in: slots.map((s) => s.id) } }, data: { closed: true } });
    const after = (await (await dates(`?StartDate=${day}&EndDate=${day}`)).json()) as { data: unknown[] };
    expect(after.data).toEqual([]);
  });

  // Dates of next year: refused for their form, whatever day the test runs.
  const year = new Date().getUTCFullYear() + 1;
  it.each([
    [`?EndDate=${year}-12-10`, "StartDate", "StartDate is required"],
    [`?StartDate=${year}-12-10`, "EndDate", "EndDate is required"],
    [`?StartDate=${year}-02-30&EndDate=${year}-03-02`, "StartDate", "StartDate must be a real date in YYYY-MM-DD form"],
    [`?StartDate=${year}1201&EndDate=${year}-12-02`, "StartDate", "StartDate must be a real date in YYYY-MM-DD form"],
    [`?StartDate=${year}-12-10&EndDate=${year}-12-09`, "EndDate", "EndDate must be on or after StartDate"],
    [
      `?StartDate=${year}-01-01&EndDate=${year + 1}-01-02`,
      "EndDate",
      "EndDate must be at most 366 days after StartDate, both included",
    ],
  ])("answers 422 to %s, naming %s", async (query, field, message) => {
    const response = await dates(query);
    expect(response.status).toBe(422);
    const { problem, contentType } = await problemOf(response);
    expect(contentType).toBe("application/problem+json");
    expect(problem).toMatchObject({
      type: "http://api.test/problems/validation",
      title: "Unprocessable Entity",
      status: 422,
      detail: message,
    });
    expect(problem.errors).toContainEqual({ field, message });
    expect(problem.instance).toBe(`${OTA}/availability/${activityId}/dates`);
  });

  it("answers 400 to a malformed ActivityID and 404 to an unknown one", async () => {
    for (const bad of ["abc", "s_short", "s_has-dash1", `s_${"x".repeat(33)}`]) {
      const response = await api.request(
        `${OTA}/availability/${bad}/dates?StartDate=${inDays(1)}&EndDate=${inDays(2)}`,
        {
          key,
        },
      );
      expect(response.status, bad).toBe(400);
      expect((await problemOf(response)).problem).toMatchObject({
        type: "http://api.test/problems/invalid-parameter",
        detail: "ActivityID must be s_ followed by 6 to 32 letters or digits",
      });
    }
    const unknown = await api.request(
      `${OTA}/availability/s_Unknown123/dates?StartDate=${inDays(1)}&EndDate=${inDays(2)}`,
      { key },
    );
    expect(unknown.status).toBe(404);
  });
});

describe("GET /availability/{ActivityID}/timeslots", () => {
  it("lists the day's bookable timeslots in order with local times and offsets", async () => {
    const day = inDays(4);
    const response = await timeslots(`?Date=${day}`);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as {
      data: { Time: string; StartsAt: string; EndsAt: string; Capacity: number; Available: number }[];
    };
    expect(data.length).toBeGreaterThan(0);
    expect(data.map((s) => s.Time)).toEqual([...data.map((s) => s.Time)].sort());
    for (const slot of data) {
      expect(slot.StartsAt).toMatch(new RegExp(`^${day}T${slot.Time}:00\\+0[01]:00$`));
      expect(Date.parse(slot.EndsAt) - Date.parse(slot.StartsAt)).toBe(90 * 60_000);
      expect(slot.Available).toBeGreaterThan(0);
      expect(slot.Available).toBeLessThanOrEqual(slot.Capacity);
    }
  });

  it("lists nothing for a day in the past", async () => {
    const { data } = (await (await timeslots(`?Date=${inDays(-3)}`)).json()) as { data: unknown[] };
    expect(data).toEqual([]);
  });

  it("answers 422 without a real Date", async () => {
    for (const query of ["", "?Date=tomorrow", "?Date=2026-13-01"]) {
      const response = await timeslots(query);
      expect(response.status, query).toBe(422);
      expect((await problemOf(response)).problem.errors?.[0]?.field).toBe("Date");
    }
  });
});

describe("GET /questions/{ActivityID}", () => {
  it("gives the same questions under the partner segment and under core, in display order, with type-specific fields", async () => {
    const product = await api.db.product.findFirstOrThrow({
      where: { operator: { slug: "demo" }, name: "Sunset Kayak Tour" },
      include: { questions: { orderBy: { position: "asc" } } },
    });
    const partner = (await (await api.request(`${OTA}/questions/${product.activityId}`, { key })).json()) as {
      data: Record<string, unknown>[];
    };
    const core = (await (await api.request(`/api/v2/ota/core/questions/${product.activityId}`, { key })).json()) as {
      data: unknown[];
    };
    expect(core).toEqual(partner);
    expect(partner.data.map((q) => q.ID)).toEqual(product.questions.map((q) => q.id));
    const file = partner.data.find((q) => q.Type === "file");
    expect(file).toMatchObject({ Required: true, Accept: ["application/pdf", "image/*"], MaxFileSizeMB: 10 });
    expect(file).not.toHaveProperty("Options");
    const bool = partner.data.find((q) => q.Type === "boolean");
    expect(bool).not.toHaveProperty("Accept");
    expect(bool).not.toHaveProperty("Options");
  });

  it("lists select options", async () => {
    const product = await api.db.product.findFirstOrThrow({
      where: { operator: { slug: "demo" }, name: "Surf Lesson at Carcavelos" },
    });
    const { data } = (await (
      await api.request(`/api/v2/ota/core/questions/${product.activityId}`, { key })
    ).json()) as { data: Record<string, unknown>[] };
    expect(data.find((q) => q.Type === "select")).toMatchObject({
      Options: ["first time", "beginner", "intermediate"],
    });
  });

  it("answers 400 to a malformed ActivityID and 404 to an unknown one, on both paths", async () => {
    for (const base of [OTA, "/api/v2/ota/core"]) {
      expect((await api.request(`${base}/questions/nope`, { key })).status).toBe(400);
      expect((await api.request(`${base}/questions/s_Unknown123`, { key })).status).toBe(404);
    }
  });
});
