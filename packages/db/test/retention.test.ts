import { describe, expect, it } from "vitest";

import { createApiKey } from "../src/api-keys/api-keys.ts";
import { createSession, findSession } from "../src/auth/sessions.ts";
import { createClient } from "../src/client.ts";
import { claimIdempotencyKey } from "../src/idempotency/idempotency.ts";
import { purgeExpired } from "../src/retention/purge-expired.ts";
import { useTestDatabase } from "../src/testing/use-test-database.ts";

const { db, url } = await useTestDatabase();
const operator = await db.operator.create({ data: { slug: "retention", name: "Retention" } });
const { record: apiKey } = await createApiKey(db, {
  operatorSlug: "retention",
  scopes: ["usage:write"],
  now: new Date(),
});
const user = await db.consoleUser.create({
  data: { operatorId: operator.id, email: "desk@example.com", name: "Desk", passwordHash: "unused" },
});
const HOUR = 3_600_000;
const now = new Date("2026-06-01T12:00:00Z");
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR);

/** `count` keys claimed at `at`, as requests would have claimed them. */
async function claimKeys(prefix: string, count: number, at: Date) {
  for (let i = 0; i < count; i++)
    await claimIdempotencyKey(db, {
      apiKeyId: apiKey.id,
      key: `${prefix}-${i}`,
      scope: "POST /usage/meters",
      requestHash: "0".repeat(64),
      now: at,
    });
}

const remainingKeys = async () =>
  (await db.idempotencyRecord.findMany({ select: { key: true }, orderBy: { key: "asc" } })).map((r) => r.key);

describe("retention", () => {
  it("deletes idempotency records past their 24 hours in batches, and keeps the rest", async () => {
    await claimKeys("old", 7, hoursAgo(25));
    await claimKeys("edge", 1, hoursAgo(24));
    await claimKeys("fresh", 2, hoursAgo(23));
    expect(await purgeExpired(db, now, 3)).toEqual({
      idempotencyRecords: 8,
      consoleSessions: 0,
      changeLog: 0,
      availabilityChanges: 0,
      webhookEvents: 0,
      webhookAttempts: 0,
    });
    expect(await remainingKeys()).toEqual(["fresh-0", "fresh-1"]);
  });

  it("deletes expired console sessions and keeps the ones still in use", async () => {
    const expired = await createSession(db, user.id, hoursAgo(15 * 24));
    const oldButValid = await createSession(db, user.id, hoursAgo(13 * 24));
    const current = await createSession(db, user.id, now);
    expect(await purgeExpired(db, now)).toEqual({
      idempotencyRecords: 0,
      consoleSessions: 1,
      changeLog: 0,
      availabilityChanges: 0,
      webhookEvents: 0,
      webhookAttempts: 0,
    });
    expect(await db.consoleSession.count()).toBe(2);
    expect(await findSession(db, expired, now)).toBeNull();
    expect((await findSession(db, oldButValid, now))?.userId).toBe(user.id);
    expect((await findSession(db, current, now))?.userId).toBe(user.id);
  });

  it("deletes change-log rows once every API process has long read them", async () => {
    const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    await db.changeLog.createMany({
      data: [
        { topic: "product:1", loggedAt: minutesAgo(6) },
        { topic: "product:2", loggedAt: minutesAgo(5) },
        { topic: "product:3", loggedAt: minutesAgo(4) },
      ],
    });
    expect(await purgeExpired(db, now)).toEqual({
      idempotencyRecords: 0,
      consoleSessions: 0,
      changeLog: 2,
      availabilityChanges: 0,
      webhookEvents: 0,
      webhookAttempts: 0,
    });
    expect((await db.changeLog.findMany({ select: { topic: true } })).map((r) => r.topic)).toEqual(["product:3"]);
  });

  it("shares the work between several workers running at once: every expired row goes exactly once", async () => {
    await claimKeys("many", 60, hoursAgo(30));
    const workers = Array.from({ length: 3 }, () => createClient(url, { maxConnections: 1 }));
    try {
      const results = await Promise.all(workers.map((worker) => purgeExpired(worker, now, 5)));
      expect(results.reduce((sum, r) => sum + r.idempotencyRecords, 0)).toBe(60);
      expect(await remainingKeys()).toEqual(["fresh-0", "fresh-1"]);
    } finally {
      await Promise.all(workers.map((worker) => worker.$disconnect()));
    }
  });
});
