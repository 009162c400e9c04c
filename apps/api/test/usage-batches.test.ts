import { beforeAll, describe, expect, it } from "vitest";

import { DEFAULT_USAGE_RETENTION_DAYS } from "@slotwise/core";

import { problemOf, startApi, type Api } from "./harness.ts";
import { addHours, seconds, utcDay } from "./recent-dates.ts";

let api: Api;
let key: string;
let operatorId: number;
const SINGLE = "/api/v2/usage/meters";
const BATCH = "/api/v2/usage/meters/batch";
/** 10:00 UTC thirty days ago: inside the retention, never in the future. */
const at = seconds(addHours(utcDay(-30), 10));

beforeAll(async () => {
  api = await startApi();
  // A fresh operator keeps these figures independent of the demo history.
  operatorId = (await api.db.operator.create({ data: { slug: "batches-co", name: "Batches Co" } })).id;
  key = await api.key({ operator: "batches-co", scopes: ["usage:write", "usage:read"] });
});

const post = (path: string, body: unknown) => api.request(path, { method: "POST", key, json: body });
const entries = () => api.db.usageEntry.findMany({ where: { operatorId }, orderBy: { id: "asc" } });

describe("EventID on a single entry", () => {
  it("records the event once: a repeat answers 200 with the entry first recorded and Idempotent-Replayed", async () => {
    const first = await post(SINGLE, { Meter: "sms", Usage: 2.5, OccurredAt: at, EventID: "evt-single-1" });
    expect(first.status).toBe(201);
    const recorded = ((await first.json()) as { data: { ID: number; Usage: number } }).data;
    const again = await post(SINGLE, { Meter: "sms", Usage: 7, OccurredAt: at, EventID: "evt-single-1" });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(((await again.json()) as { data: unknown }).data).toEqual(recorded);
    expect((await entries()).filter((e) => e.eventId === "evt-single-1")).toHaveLength(1);
  });

  it.each([
    ["an empty EventID", "", "EventID must not be empty"],
    ["one over 100 characters", "e".repeat(101), "EventID must be at most 100 characters"],
    ["a NUL byte", "evt\u0000", "EventID"],
  ])("refuses %s with 422", async (_label, EventID, message) => {
    const response = await post(SINGLE, { Meter: "sms", Usage: 1, EventID });
    expect(response.status).toBe(422);
    expect(JSON.stringify((await problemOf(response)).problem.errors)).toContain(message);
  });
});

describe("POST /usage/meters/batch", () => {
  it("records a batch in one go, counting events already recorded or repeated in the batch as duplicates, exactly", async () => {
    const response = await post(BATCH, {
      Entries: [
        { Meter: "api-calls", Usage: 1, OccurredAt: at, EventID: "evt-single-1" },
        { Meter: "api-calls", Usage: 0.000001, OccurredAt: at, EventID: "evt-b-1" },
        {
          Meter: "api-calls",
          Usage: 999999999.123456,
          OccurredAt: at,
          EventID: "evt-b-2",
          ExtraInfo: '{"endpoint":"/search"}',
        },
        { Meter: "api-calls", Usage: 5, OccurredAt: at, EventID: "evt-b-1" },
        { Meter: "gb-stored", Usage: 3, OccurredAt: at },
      ],
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ data: { Recorded: 3, Duplicates: 2 } });
    const stored = (await entries()).filter((e) => e.eventId !== "evt-single-1");
    expect(stored.map((e) => [e.meter, e.usage.toFixed(), e.eventId, e.extraInfo])).toEqual([
      ["api-calls", "0.000001", "evt-b-1", null],
      ["api-calls", "999999999.123456", "evt-b-2", '{"endpoint":"/search"}'],
      ["gb-stored", "3", null, null],
    ]);
  });

  // Without a key the statement goes straight to the pg pool; with one, through Prisma in the key's transaction.
  it.each([
    ["without an Idempotency-Key", "odd-texts", undefined],
    ["with an Idempotency-Key", "odd-texts-keyed", "odd-texts-key"],
  ])(
    "stores every text as sent, whatever it must escape on its way, with its instant and dimensions, %s",
    async (_label, meter, idempotencyKey) => {
      const extraInfo = '{"path":"C:\\\\tmp\\"x\\"","note":"a\\u0000b","emoji":"😀","region":"ü\\nß"}';
      const eventId = `${meter}-"q"\\😀\ttab\nline`;
      const response = await api.request(BATCH, {
        method: "POST",
        key,
        json: {
          Entries: [
            { Meter: meter, Usage: 123456789.000001, OccurredAt: at + 59, EventID: eventId, ExtraInfo: extraInfo },
            { Meter: meter, Usage: 100000000000000, OccurredAt: at - 1, ExtraInfo: 'not JSON: \\ " 😀' },
          ],
        },
        ...(idempotencyKey ? { headers: { "Idempotency-Key": idempotencyKey } } : {}),
      });
      expect(response.status).toBe(201);
      const stored = (await entries()).filter((e) => e.meter === meter);
      expect(
        stored.map((e) => [e.usage.toFixed(), e.occurredAt.getTime() / 1000, e.eventId, e.extraInfo, e.dimensions]),
      ).toEqual([
        ["123456789.000001", at + 59, eventId, extraInfo, { path: 'C:\\tmp"x"', emoji: "😀", region: "ü\nß" }],
        ["100000000000000", at - 1, null, 'not JSON: \\ " 😀', null],
      ]);
    },
  );

  it("records nothing when one entry is invalid, and names that entry", async () => {
    const before = (await entries()).length;
    const response = await post(BATCH, {
      Entries: [
        { Meter: "api-calls", Usage: 1, EventID: "evt-bad-1" },
        { Meter: "api-calls", Usage: -1, EventID: "evt-bad-2" },
        { Meter: "api-calls", Usage: 1, OccurredAt: at + 10 * 365 * 86_400, EventID: "evt-bad-3" },
      ],
    });
    expect(response.status).toBe(422);
    const fields = ((await problemOf(response)).problem.errors as { field: string }[]).map((e) => e.field);
    expect(fields).toEqual(["Entries[1].Usage"]);
    const late = await post(BATCH, { Entries: [{ Meter: "api-calls", Usage: 1, OccurredAt: at + 10 * 365 * 86_400 }] });
    expect(late.status).toBe(422);
    expect(((await problemOf(late)).problem.errors as { field: string }[]).map((e) => e.field)).toEqual([
      "Entries[0].OccurredAt",
    ]);
    expect((await entries()).length).toBe(before);
  });

  it.each([
    ["older than the retention", at - 10 * 365 * 86_400, "days before the server clock"],
    ["over a day ahead", at + 10 * 365 * 86_400, "ahead of the server clock"],
  ])(
    "names the entry whose OccurredAt is %s in detail and errors, like every per-entry refusal",
    async (_label, t, rule) => {
      const response = await post(BATCH, {
        Entries: [
          { Meter: "api-calls", Usage: 1 },
          { Meter: "api-calls", Usage: 1, OccurredAt: t },
        ],
      });
      expect(response.status).toBe(422);
      const { problem } = await problemOf(response);
      expect(problem.detail).toMatch(/^Entries\[1\]\.OccurredAt must not be /);
      expect(problem.detail).toContain(rule);
      expect(problem.errors).toEqual([{ field: "Entries[1].OccurredAt", message: problem.detail }]);
    },
  );

  it.each([
    ["no entries", { Entries: [] }, "Entries"],
    ["1,001 entries", { Entries: Array.from({ length: 1_001 }, () => ({ Meter: "x", Usage: 1 })) }, "Entries"],
    ["no list", { Entries: "all of them" }, "Entries"],
  ])("refuses %s with 422", async (_label, body, field) => {
    const response = await post(BATCH, body);
    expect(response.status).toBe(422);
    expect(((await problemOf(response)).problem.errors as { field: string }[]).map((e) => e.field)).toContain(field);
  });

  it("honours an Idempotency-Key: a repeat answers the first response and records nothing, another body is refused", async () => {
    const send = (body: unknown) =>
      api.request(BATCH, { method: "POST", key, json: body, headers: { "Idempotency-Key": "batch-key-1" } });
    const body = {
      Entries: [
        { Meter: "api-calls", Usage: 2 },
        { Meter: "api-calls", Usage: 3, EventID: "evt-key-1" },
      ],
    };
    const before = (await entries()).length;
    const first = await send(body);
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ data: { Recorded: 2, Duplicates: 0 } });
    const again = await send(body);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual({ data: { Recorded: 2, Duplicates: 0 } });
    expect((await entries()).length).toBe(before + 2);
    const other = await send({ Entries: [{ Meter: "api-calls", Usage: 4 }] });
    expect(other.status).toBe(422);
    expect((await problemOf(other)).problem.type).toMatch(/idempotency-key-reuse$/);
    expect((await entries()).length).toBe(before + 2);
  });

  it("answers a repeat of an Idempotency-Key again after its OccurredAt has passed the retention edge", async () => {
    const edge = Math.floor(Date.now() / 1000) - DEFAULT_USAGE_RETENTION_DAYS * 86_400 + 3;
    const entry = { Meter: "api-calls", Usage: 1, OccurredAt: edge };
    const send = (path: string, body: unknown, idempotencyKey: string) =>
      api.request(path, { method: "POST", key, json: body, headers: { "Idempotency-Key": idempotencyKey } });
    expect((await send(BATCH, { Entries: [entry] }, "edge-batch")).status).toBe(201);
    expect((await send(SINGLE, entry, "edge-single")).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    for (const [path, body, idempotencyKey] of [
      [BATCH, { Entries: [entry] }, "edge-batch"],
      [SINGLE, entry, "edge-single"],
    ] as const) {
      const repeat = await send(path, body, idempotencyKey);
      expect(repeat.status).toBe(201);
      expect(repeat.headers.get("idempotent-replayed")).toBe("true");
    }
    const fresh = await send(BATCH, { Entries: [entry] }, "edge-batch-late");
    expect(fresh.status).toBe(422);
    expect((await problemOf(fresh)).problem.detail).toMatch(/^Entries\[0\]\.OccurredAt must not be /);
  });

  it.each([
    ["null", null],
    ["a list", [{ Meter: "x", Usage: 1 }]],
  ])("names the entry that is %s instead of an object, in detail and errors", async (_label, second) => {
    const response = await post(BATCH, { Entries: [{ Meter: "api-calls", Usage: 1 }, second] });
    expect(response.status).toBe(422);
    const { problem } = await problemOf(response);
    expect(problem.detail).toBe("each of Entries must be a usage entry: an object with Meter and Usage");
    expect(problem.errors).toEqual([{ field: "Entries[1]", message: problem.detail }]);
  });

  it("takes 1,000 entries in up to 1 MiB, and no more; other paths keep their 64 KiB", async () => {
    const thousand = Array.from({ length: 1_000 }, (_, i) => ({
      Meter: "api-calls",
      Usage: 1,
      OccurredAt: at,
      EventID: `evt-k-${i}`,
      ExtraInfo: JSON.stringify({ endpoint: `/path/${i}`, pad: "p".repeat(400) }),
    }));
    const body = JSON.stringify({ Entries: thousand });
    expect(body.length).toBeGreaterThan(64 * 1024);
    const ok = await api.request(BATCH, { method: "POST", key, body, headers: { "Content-Type": "application/json" } });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toEqual({ data: { Recorded: 1_000, Duplicates: 0 } });

    const huge = JSON.stringify({ Entries: thousand.map((e) => ({ ...e, ExtraInfo: "x".repeat(1_100) })) });
    expect(huge.length).toBeGreaterThan(1024 * 1024);
    const tooBig = await api.request(BATCH, {
      method: "POST",
      key,
      body: huge,
      headers: { "Content-Type": "application/json" },
    });
    expect(tooBig.status).toBe(413);
    expect((await problemOf(tooBig)).problem).toMatchObject({ type: "http://api.test/problems/payload-too-large" });

    const single = await api.request(SINGLE, {
      method: "POST",
      key,
      body: JSON.stringify({ Meter: "api-calls", Usage: 1, ExtraInfo: "x".repeat(70_000) }),
      headers: { "Content-Type": "application/json" },
    });
    expect(single.status).toBe(413);
    expect((await problemOf(single)).problem.detail).toBe("The body is larger than 64 KiB");
  });
});
