import { beforeAll, describe, expect, it } from "vitest";

import { claimIdempotencyKey, createSession, mergeBookingSearchPending } from "@slotwise/db";
import { seal } from "@slotwise/db/testing";

import { createMailer } from "../src/jobs/mailer.ts";
import { startWorker } from "../src/jobs/worker.ts";
import { bookingBody, openSlot } from "./fixtures.ts";
import { OTA, startApi, type Api } from "./harness.ts";
import { addHours, isoDay, utcDay } from "./recent-dates.ts";
import { trpcClient } from "./trpc-client.ts";

let api: Api;
beforeAll(async () => {
  api = await startApi();
});

interface Line {
  level: "info" | "error";
  fields: Record<string, unknown>;
  message: string;
}

/** The real worker on this test's database, its log kept for reading. */
async function worker(options: { retentionIntervalMs?: number } = {}) {
  const lines: Line[] = [];
  const log = {
    info: (fields: object, message: string) =>
      lines.push({ level: "info", fields: fields as Record<string, unknown>, message }),
    error: (fields: object, message: string) =>
      lines.push({ level: "error", fields: fields as Record<string, unknown>, message }),
  };
  const running = await startWorker({
    db: seal(api.db),
    databaseUrl: api.databaseUrl,
    mailer: createMailer(undefined, "Test <t@slotwise.test>"),
    now: () => new Date(),
    log,
    intervalMs: 100,
    ...options,
  });
  return { lines, stop: () => running.stop() };
}

async function until(check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}

const watermark = async () => (await api.db.usageCompaction.findUniqueOrThrow({ where: { id: 1 } })).watermark;

describe("the worker's compaction", () => {
  it("sets aside an entry the rollups refuse, logs it once with its id, counts it in /readyz and in summaries and series, and keeps folding everyone else's", async () => {
    const [demo, harbour] = await Promise.all(
      ["demo", "harbour"].map((slug) => api.db.operator.findUniqueOrThrow({ where: { slug } })),
    );
    // A bounded rollup column, so that two 9e25 in one quarter hour overflow it: a fold the database refuses.
    await api.db.$executeRaw`ALTER TABLE usage_rollups_15m ALTER COLUMN total TYPE numeric(38, 12)`;
    // Inside the retention (the worker rolls the entries up and keeps them) and before the
    // demo's 90 days of seeded usage (the series holds these entries alone).
    const at = addHours(utcDay(-200), 9);
    const day = isoDay(at);
    const insert = (operatorId: number, usage: string, meter = "upkeep") =>
      api.db.usageEntry.create({ data: { operatorId, meter, usage, occurredAt: at } });
    await insert(demo!.id, "9e25");
    const refused = await insert(demo!.id, "9e25");
    await insert(harbour!.id, "7");
    const before = await watermark();

    const running = await worker();
    try {
      await until(async () => (await watermark()) > before);
      await insert(harbour!.id, "5");
      const after = await watermark();
      await until(async () => (await watermark()) > after);
      const setAside = running.lines.filter((l) => l.message.startsWith("usage entry set aside"));
      expect(setAside).toEqual([
        {
          level: "error",
          fields: { usageEntryId: String(refused.id), reason: "numeric field overflow" },
          message: expect.any(String) as string,
        },
      ]);
      expect(running.lines.filter((l) => l.level === "error")).toHaveLength(1);
    } finally {
      await running.stop();
    }
    expect(await (await api.request("/readyz")).json()).toEqual({ status: "ready", usageEntriesSetAside: 1 });
    const rollup = (operatorId: number) =>
      api.db.usageRollup15m.findUniqueOrThrow({
        where: { operatorId_bucketStart_meter: { operatorId, bucketStart: at, meter: "upkeep" } },
      });
    expect((await rollup(harbour!.id)).total.toString()).toBe("12");
    expect((await rollup(demo!.id)).total.toString()).toBe("9e+25");

    const reader = await api.key({ scopes: ["usage:read"] });
    const summary = (await (
      await api.request(`/api/v2/usage/meters?from=${day}&to=${day}&tz=UTC`, { key: reader })
    ).json()) as { data: { Meters: unknown[] } };
    expect(summary.data.Meters).toEqual([{ Meter: "upkeep", TotalUsage: 1.8e26, EventCount: 2 }]);
    const desk = trpcClient(api.base);
    await desk.console.session.signIn.mutate({ email: "demo@example.com", password: "correct-horse-battery" });
    const series = await desk.console.usage.series.query({ from: day, to: day, tz: "UTC" });
    expect(series.points).toEqual([{ Meter: "upkeep", Bucket: `${day}T09:00`, Usage: 1.8e26, Events: 2 }]);
  });
});

describe("the worker's retention", () => {
  it("deletes idempotency records past 24 hours and expired sessions; fresh records and a session in use stay", async () => {
    const desk = trpcClient(api.base);
    await desk.console.session.signIn.mutate({ email: "demo@example.com", password: "correct-horse-battery" });
    const user = await api.db.consoleUser.findUniqueOrThrow({ where: { email: "demo@example.com" } });
    await createSession(api.db, user.id, new Date(Date.now() - 15 * 86_400_000));
    const apiKey = await api.db.apiKey.findFirstOrThrow();
    const claim = (key: string, hoursAgo: number) =>
      claimIdempotencyKey(api.db, {
        apiKeyId: apiKey.id,
        key,
        scope: "POST /usage/meters",
        requestHash: "0".repeat(64),
        now: new Date(Date.now() - hoursAgo * 3_600_000),
      });
    await claim("yesterday-and-more", 25);
    await claim("this-morning", 5);
    const expired = () => api.db.consoleSession.count({ where: { expiresAt: { lte: new Date() } } });
    const live = () => api.db.consoleSession.count({ where: { expiresAt: { gt: new Date() } } });
    const liveBefore = await live();
    expect(await expired()).toBe(1);

    const running = await worker({ retentionIntervalMs: 200 });
    try {
      // The line is logged once the whole purge (the change log's too) has run, after these rows are gone.
      await until(
        async () =>
          (await api.db.idempotencyRecord.count({ where: { key: "yesterday-and-more" } })) === 0 &&
          (await expired()) === 0 &&
          running.lines.some((l) => l.message === "expired records deleted"),
      );
      expect(running.lines).toContainEqual({
        level: "info",
        fields: expect.objectContaining({ idempotencyRecords: 1, consoleSessions: 1 }) as unknown,
        message: "expired records deleted",
      });
    } finally {
      await running.stop();
    }
    expect(await api.db.idempotencyRecord.count({ where: { key: "this-morning" } })).toBe(1);
    expect(await live()).toBe(liveBefore);
    expect((await desk.console.session.me.query()).email).toBe("demo@example.com");
  });
});

describe("the worker's usage partitions", () => {
  it("makes months ahead, and drops months past the retention age once folded while summaries and series answer the same", async () => {
    const harbour = await api.db.operator.findUniqueOrThrow({ where: { slug: "harbour" } });
    // Written by hand (the API refuses usage this old). No partition holds 2024 yet, so they land
    // in the default partition, which the worker empties into their months before dropping them.
    for (const [iso, usage] of [
      ["2024-03-01T00:00:00Z", "0.1"],
      ["2024-03-31T23:59:59.999Z", "0.2"],
      ["2024-04-01T00:00:00Z", "5"],
    ] as const)
      await api.db.usageEntry.create({
        data: { operatorId: harbour.id, meter: "archived", usage, occurredAt: new Date(iso), eventId: iso },
      });
    const reader = await api.key({ operator: "harbour", scopes: ["usage:read"] });
    const read = async (path: string): Promise<unknown> => (await api.request(path, { key: reader })).json();
    const answers = async () => ({
      march: await read("/api/v2/usage/meters?from=2024-03-01&to=2024-03-31&tz=UTC"),
      spring: await read("/api/v2/usage/meters?from=2024-02-15&to=2024-04-15&tz=Europe/Lisbon"),
      months: await read("/api/v2/usage/meters/series?from=2024-03-01&to=2024-04-30&tz=UTC&window=month"),
      days: await read("/api/v2/usage/meters/series?from=2024-03-31&to=2024-04-01&tz=America/New_York"),
    });
    const before = await answers();
    expect(before.march).toMatchObject({ data: { Meters: [{ Meter: "archived", TotalUsage: 0.3, EventCount: 2 }] } });
    const partitions = async () =>
      (
        await api.db.$queryRaw<{ name: string }[]>`
          SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
           WHERE i.inhparent = 'usage_entries'::regclass`
      ).map((p) => p.name);
    const monthAhead = (months: number) => {
      const now = new Date();
      const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1));
      return `usage_entries_${first.toISOString().slice(0, 7).replace("-", "_")}`;
    };

    const running = await worker({ retentionIntervalMs: 200 });
    try {
      await until(async () => (await api.db.usageEntry.count({ where: { meter: "archived" } })) === 0);
      expect(running.lines).toContainEqual({
        level: "info",
        fields: { partitions: ["usage_entries_2024_03", "usage_entries_2024_04"] },
        message: "usage partitions past retention dropped; their usage stays in the rollups",
      });
    } finally {
      await running.stop();
    }
    expect(await partitions()).toEqual(expect.arrayContaining([monthAhead(0), monthAhead(3)]));
    expect(await partitions()).not.toContain("usage_entries_2024_03");
    expect(
      await api.db.usageEventId.count({ where: { operatorId: harbour.id, eventId: { startsWith: "2024-" } } }),
    ).toBe(0);
    expect(await answers()).toEqual(before);
  });

  it("leaves no way to record usage older than the retention age: 422 naming OccurredAt", async () => {
    const writer = await api.key({ scopes: ["usage:write"] });
    const old = Math.floor(Date.now() / 1000) - 401 * 86_400;
    const single = await api.request("/api/v2/usage/meters", {
      method: "POST",
      key: writer,
      json: { Meter: "archived", Usage: 1, OccurredAt: old },
    });
    expect(single.status).toBe(422);
    expect(await single.json()).toMatchObject({
      errors: [
        {
          field: "OccurredAt",
          message: "OccurredAt must not be more than 400 days before the server clock (the retention of usage entries)",
        },
      ],
    });
    const batch = await api.request("/api/v2/usage/meters/batch", {
      method: "POST",
      key: writer,
      json: {
        Entries: [
          { Meter: "archived", Usage: 1 },
          { Meter: "archived", Usage: 1, OccurredAt: old },
        ],
      },
    });
    expect(batch.status).toBe(422);
    expect(await batch.json()).toMatchObject({ errors: [{ field: "Entries[1].OccurredAt" }] });
  });
});

describe("the worker's search index", () => {
  it("merges new bookings from the search index's pending list; they are found before and after", async () => {
    await api.db.$executeRaw`CREATE EXTENSION IF NOT EXISTS pgstattuple`;
    const pendingPages = async () => {
      const [row] = await api.db.$queryRaw<{ pages: number }[]>`
        SELECT pending_pages AS pages FROM pgstatginindex('bookings_search_text_trgm_idx')`;
      return row?.pages;
    };
    await mergeBookingSearchPending(api.db);
    const info = await openSlot(api.db);
    const key = await api.key();
    const booked = await api.request(`${OTA}/booking`, {
      method: "POST",
      key,
      json: bookingBody(info, {
        Customer: {
          FirstName: "Quirino",
          LastName: "Pendente",
          Email: "q.pendente@example.com",
          Phone: "+351 912 345 678",
        },
      }),
    });
    expect(booked.status).toBe(201);
    expect(await pendingPages()).toBeGreaterThan(0);
    const desk = trpcClient(api.base);
    await desk.console.session.signIn.mutate({ email: "demo@example.com", password: "correct-horse-battery" });
    const found = async () =>
      (await desk.console.bookings.list.query({ search: "pendente" })).rows.map((r) => r.customer);
    expect(await found()).toEqual(["Quirino Pendente"]);
    // The console may scan a table this small instead: the index itself must find it too.
    const { data } = (await booked.json()) as { data: { Reference: string } };
    expect(await foundByIndex("pendente")).toEqual({ usesIndex: true, references: [data.Reference] });

    const running = await worker();
    try {
      await until(async () => (await pendingPages()) === 0);
    } finally {
      await running.stop();
    }
    expect(await found()).toEqual(["Quirino Pendente"]);
    expect(await foundByIndex("pendente")).toEqual({ usesIndex: true, references: [data.Reference] });
  });
});

describe("the worker's stop", () => {
  it("returns only once the tasks it is running have finished, so the process closes its database after them", async () => {
    const info = await openSlot(api.db);
    const booked = await api.request(`${OTA}/booking`, {
      method: "POST",
      key: await api.key(),
      json: bookingBody(info),
    });
    expect(booked.status).toBe(201);
    // The first tick's compaction waits on this lock, and the worker is stopped meanwhile.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = api.db.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT watermark FROM usage_compaction WHERE id = 1 FOR UPDATE`;
        locked();
        await released;
      },
      { timeout: 30_000 },
    );
    await isLocked;
    const running = await worker();
    await until(async () => {
      const [waiting] = await api.db.$queryRaw<{ n: bigint }[]>`
        SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%FROM usage_compaction%'`;
      return waiting?.n === 1n;
    });
    let stopped = false;
    const stopping = running.stop().then(() => (stopped = true));
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      // Before, stop() returned here, and main.ts closed the database under the tick: "Unable to
      // start a transaction in the given time" in 4 of 8 processes stopped right after start.
      expect(stopped).toBe(false);
    } finally {
      release();
      await holding;
      await stopping;
    }
    expect(running.lines.filter((l) => l.level === "error")).toEqual([]);
    // The task in flight finished (the compaction); the ones after it were left to the next tick.
    const { data } = (await booked.json()) as { data: { Reference: string } };
    const queued = await api.db.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM pgboss.job j JOIN outbox_emails e ON j.singleton_key = 'email:' || e.id
        JOIN bookings b ON b.id = e.booking_id WHERE b.reference = ${data.Reference}`;
    expect(queued).toEqual([{ n: 0n }]);
  });
});

/** The bookings whose search text holds `word`, read through the trigram index alone. */
function foundByIndex(word: string) {
  return api.db.$transaction(async (tx) => {
    await tx.$executeRaw`SET LOCAL enable_seqscan = off`;
    const pattern = `%${word}%`;
    const plan = await tx.$queryRaw<{ "QUERY PLAN": string }[]>`
      EXPLAIN SELECT reference FROM bookings WHERE search_text ILIKE ${pattern}`;
    const rows = await tx.$queryRaw<{ reference: string }[]>`
      SELECT reference FROM bookings WHERE search_text ILIKE ${pattern}`;
    return {
      usesIndex: plan.some((line) => line["QUERY PLAN"].includes("bookings_search_text_trgm_idx")),
      references: rows.map((r) => r.reference),
    };
  });
}
