import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { createApiKey, runMigrations } from "@slotwise/db";
import {
  createClient,
  freePort,
  seedDemoData,
  startEmbeddedPostgres,
  useTestDatabase,
  type EmbeddedServer,
} from "@slotwise/db/testing";
import { bookableTargets, checkNothingLost, startLoad, type Keys } from "@slotwise/testing/load-generator";
import { spawnApi } from "@slotwise/testing/processes";

import { killPostgres } from "./kill-postgres.ts";

const LOAD_ENV = { WORKER: "off", LOG_LEVEL: "warn", RATE_LIMIT_PER_SECOND: "100000", RATE_LIMIT_BURST: "100000" };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function keysFor(db: Parameters<typeof createApiKey>[0]): Promise<Keys> {
  const now = new Date();
  return {
    ota: (await createApiKey(db, { operatorSlug: "demo", scopes: ["ota"], partnerSlug: "acme-travel", now })).key,
    usageWrite: (await createApiKey(db, { operatorSlug: "demo", scopes: ["usage:write"], now })).key,
  };
}

describe("an API process killed with SIGKILL under booking and usage load", () => {
  it("keeps every write it acknowledged, whole, and every timeslot's count equal to its bookings", async () => {
    const { db, url } = await useTestDatabase({ content: "demo" });
    const keys = await keysFor(db);
    const api = await spawnApi({ ...LOAD_ENV, DATABASE_URL: url });
    const load = startLoad(() => api.base, keys, await bookableTargets(db));
    // Killed in full flight: once writes are being acknowledged steadily, however fast this machine is.
    const deadline = Date.now() + 30_000;
    while (load.outcomes.filter((o) => o.status === 201).length < 40 && Date.now() < deadline) await sleep(20);
    api.child.kill("SIGKILL");
    await api.exited;
    const outcomes = await load.stop();

    const acknowledged = outcomes.filter((o) => o.status === 201).length;
    expect(acknowledged).toBeGreaterThanOrEqual(40);
    expect(outcomes.some((o) => o.failed)).toBe(true);
    expect(await checkNothingLost(db, outcomes)).toEqual({
      acknowledgedBookings: expect.any(Number) as number,
      storedBookings: outcomes.filter((o) => o.kind === "booking" && o.status === 201).length,
      bookingsWithoutHistory: 0,
      bookingsWithoutConfirmation: 0,
      acknowledgedUsage: expect.any(Number) as number,
      storedUsage: outcomes.filter((o) => o.kind === "usage" && o.status === 201).length,
      timeslotsOutOfStep: 0,
    });
  }, 60_000);
});

describe("PostgreSQL killed with SIGKILL under load", () => {
  it("answers 503 problem documents while it is down, recovers without an API restart, and loses nothing acknowledged", async () => {
    const folder = await mkdtemp(join(tmpdir(), "slotwise-crash-"));
    await chmod(folder, 0o755);
    const dataDir = join(folder, "pg");
    const port = await freePort();
    // PostgreSQL's durable defaults, as in production: a 201 means the commit is in the WAL.
    const start = () => startEmbeddedPostgres({ dataDir, port, persistent: true });
    let server: EmbeddedServer = await start();
    const url = server.url("postgres");
    await runMigrations(url);
    const db = createClient(url, { maxConnections: 2 });
    try {
      expect(
        await db.$queryRaw`SELECT current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS synchronous_commit, current_setting('full_page_writes') AS full_page_writes`,
      ).toEqual([{ fsync: "on", synchronous_commit: "on", full_page_writes: "on" }]);
      await seedDemoData(db, new Date());
      const keys = await keysFor(db);
      const targets = await bookableTargets(db);
      await db.$disconnect();
      const api = await spawnApi({ ...LOAD_ENV, DATABASE_URL: url });
      try {
        const load = startLoad(() => api.base, keys, targets, 8);
        // Killed in full flight: once writes are being acknowledged steadily, however fast this machine is.
        const deadline = Date.now() + 30_000;
        while (load.outcomes.filter((o) => o.status === 201).length < 100 && Date.now() < deadline) await sleep(20);
        await killPostgres(dataDir);
        const downFrom = performance.now();
        await sleep(1_500);
        const downTo = performance.now();
        server = await start();
        // Recovery: new 201s without touching the API process.
        const restartedAt = load.outcomes.length;
        const recoveryDeadline = Date.now() + 20_000;
        while (!load.outcomes.slice(restartedAt).some((o) => o.status === 201) && Date.now() < recoveryDeadline)
          await sleep(100);
        await sleep(500);
        const outcomes = await load.stop();

        const whileDown = outcomes.filter((o) => o.sentAt >= downFrom && o.sentAt < downTo);
        expect(whileDown.length).toBeGreaterThan(5);
        for (const o of whileDown) {
          expect(o.status).toBe(503);
          expect(o.contentType).toBe("application/problem+json");
        }
        expect(outcomes.slice(restartedAt).some((o) => o.status === 201)).toBe(true);
        expect(api.child.exitCode).toBeNull();
        // Whatever the moment, an answer is a success, a refusal or a 503 problem: never a 500.
        const failures = api.lines.filter((line) => line.includes('"level":50')).slice(0, 3);
        expect(
          outcomes.filter((o) => o.status >= 500 && o.status !== 503),
          failures.join("\n"),
        ).toEqual([]);
        expect(outcomes.filter((o) => o.status >= 400).every((o) => o.contentType === "application/problem+json")).toBe(
          true,
        );

        const check = createClient(url, { maxConnections: 2 });
        try {
          const result = await checkNothingLost(check, outcomes);
          expect(result.acknowledgedBookings + result.acknowledgedUsage).toBeGreaterThanOrEqual(100);
          expect(result.storedBookings).toBe(result.acknowledgedBookings);
          expect(result.storedUsage).toBe(result.acknowledgedUsage);
          expect(result.timeslotsOutOfStep).toBe(0);
          expect(result.bookingsWithoutHistory).toBe(0);
          expect(result.bookingsWithoutConfirmation).toBe(0);
        } finally {
          await check.$disconnect();
        }
      } finally {
        await api.stop();
      }
    } finally {
      await db.$disconnect();
      await server.stop();
      await rm(folder, { recursive: true, force: true });
    }
  }, 90_000);
});
