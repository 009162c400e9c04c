import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { CHANGES_CHANNEL, CHANGES_LISTENER_NAME } from "@slotwise/db";
import { useTestDatabase } from "@slotwise/db/testing";
import { spawnApis, type ApiProcess } from "@slotwise/testing/processes";

import { bookingBody, openSlot, type SlotInfo } from "./fixtures.ts";
import { issueKey, OTA } from "./harness.ts";

const { db, url } = await useTestDatabase({ content: "demo" });
let apis: ApiProcess[] = [];
let key = "";
let info: SlotInfo;

beforeAll(async () => {
  // The change log is read only when an announcement comes: what these tests see, they see
  // through announcements (the once-a-second read is packages/db's change-log test).
  apis = await spawnApis(2, { DATABASE_URL: url, CHANGE_LOG_POLL_MS: "60000" });
  key = await issueKey(db);
  info = await openSlot(db, { free: 10 });
});
afterAll(async () => {
  await Promise.all(apis.map((a) => a.stop()));
});

/** Free places of the test's timeslot as one API process answers them (cached for 30 s unless told of a change). */
async function available(api: ApiProcess): Promise<number | undefined> {
  const response = await fetch(
    `${api.base}${OTA}/availability/${info.product.activityId}/timeslots?Date=${info.date}`,
    {
      headers: { Authorization: `Bearer ${key}` },
    },
  );
  const { data } = (await response.json()) as { data: { Time: string; Available: number }[] };
  return data.find((s) => s.Time === info.time)?.Available;
}

async function listeners(): Promise<number> {
  const [row] = await db.$queryRaw<{ listening: number }[]>`
    SELECT count(*)::int AS listening FROM pg_stat_activity WHERE application_name = ${CHANGES_LISTENER_NAME}`;
  return row?.listening ?? 0;
}

async function book(api: ApiProcess, participants: number) {
  const response = await fetch(`${api.base}${OTA}/booking`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify(bookingBody(info, { Participants: participants })),
  });
  expect(response.status).toBe(201);
}

// Far below the cache's 30-second lifetime: a process that was not told would still answer the old figure.
const SOON = { timeout: 3_000, interval: 25 };

describe("the read caches of several API processes", () => {
  it("see a booking made through another process, announced after its commit", async () => {
    const [a, b] = apis as [ApiProcess, ApiProcess];
    const before = (await available(b)) ?? 0;
    expect(await available(b)).toBe(before);
    await book(a, info.product.minParticipants);
    await expect.poll(() => available(b), SOON).toBe(before - info.product.minParticipants);
  });

  it("see a change nobody announced (a hand-written UPDATE) through the change log, read on the next announcement of anything", async () => {
    const [, b] = apis as [ApiProcess, ApiProcess];
    const before = (await available(b)) ?? 0;
    await db.$executeRaw`UPDATE timeslots SET capacity = capacity + 7 WHERE id = ${info.slot.id}`;
    expect(await available(b)).toBe(before);
    await db.$executeRaw`SELECT pg_notify(${CHANGES_CHANNEL}, 'product:0')`;
    await expect.poll(() => available(b), SOON).toBe(before + 7);
  });

  it("stay exact when their listening connections are cut and found again", async () => {
    const [a, b] = apis as [ApiProcess, ApiProcess];
    const before = (await available(b)) ?? 0;
    await expect.poll(listeners, SOON).toBeGreaterThanOrEqual(2);
    const [cut] = await db.$queryRaw<{ count: number }[]>`
      SELECT count(pg_terminate_backend(pid))::int AS count FROM pg_stat_activity WHERE application_name = ${CHANGES_LISTENER_NAME}`;
    expect(cut?.count).toBeGreaterThanOrEqual(2);
    // Written while nobody listens: neither announced to them nor read from the log by them.
    await db.$executeRaw`UPDATE timeslots SET capacity = capacity + 3 WHERE id = ${info.slot.id}`;
    await expect.poll(() => available(b), SOON).toBe(before + 3);
    await expect.poll(() => available(a), SOON).toBe(before + 3);
    // Listening again (and caching again): a booking through one is seen by the other.
    await expect.poll(listeners, { timeout: 10_000, interval: 100 }).toBeGreaterThanOrEqual(2);
    expect(await available(b)).toBe(before + 3);
    expect(await available(b)).toBe(before + 3);
    await book(a, info.product.minParticipants);
    await expect.poll(() => available(b), SOON).toBe(before + 3 - info.product.minParticipants);
  });
});
