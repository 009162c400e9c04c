import { readdir, readFile } from "node:fs/promises";

import { createTRPCClient, httpLink } from "@trpc/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { useTestDatabase } from "@slotwise/db/testing";
import { bookableTargets, checkNothingLost, startLoad } from "@slotwise/testing/load-generator";
import { consecutiveFreePorts, spawnLauncher, startRedis, type LauncherProcess } from "@slotwise/testing/processes";

import type { AppRouter } from "../src/trpc/app-router.ts";
import { bookingBody, openSlot } from "./fixtures.ts";
import { issueKey, OTA } from "./harness.ts";
import { startSmtp } from "./smtp.ts";

/**
 * The shape production runs, by its own commands: `pnpm start` with three API processes and
 * no worker (WORKER=off; CONSOLE=off, the console is not under test here) and `pnpm
 * start:worker`, on one PostgreSQL and one Redis, with the test's traffic spread round-robin
 * over the API processes as a load balancer would.
 */
const CONSOLE = "http://console.example";
const PER_SECOND = 40;
const { db, url } = await useTestDatabase({ content: "demo" });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The API process the launcher runs on this base's port, found in /proc: the launcher logs at
 * LOG_LEVEL (warn here, to keep the processes quiet under load), so its "started" lines with
 * the pids are not printed.
 */
async function apiPid(base: string): Promise<number | undefined> {
  const parent = launcher!.child.pid;
  const port = `PORT=${new URL(base).port}`;
  for (const name of await readdir("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, "utf8");
      // pid (command) state ppid …: the command may hold spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid !== parent) continue;
      const environ = await readFile(`/proc/${name}/environ`, "utf8");
      if (environ.split("\0").includes(port)) return Number(name);
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return undefined;
}

let redis: Awaited<ReturnType<typeof startRedis>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let launcher: LauncherProcess | undefined;
let workers: LauncherProcess | undefined;
let apis: { base: string }[] = [];
let turn = 0;
/** The next API process, round-robin. */
const next = () => apis[turn++ % apis.length]!.base;

beforeAll(async () => {
  [redis, smtp] = await Promise.all([startRedis(), startSmtp()]);
  const apiPort = await consecutiveFreePorts(3);
  const started = await Promise.all([
    spawnLauncher(
      {
        DATABASE_URL: url,
        REDIS_URL: redis.url,
        WORKER: "off",
        CONSOLE: "off",
        LOG_LEVEL: "warn",
        CONSOLE_ORIGIN: CONSOLE,
        RATE_LIMIT_PER_SECOND: String(PER_SECOND),
        RATE_LIMIT_BURST: String(PER_SECOND),
      },
      { apiProcesses: 3, apiPort },
    ),
    spawnLauncher({ DATABASE_URL: url, SMTP_URL: smtp.url, LOG_LEVEL: "info" }, { workerOnly: true }),
  ]);
  [launcher, workers] = started;
  apis = launcher.apiBases.map((base) => ({ base }));
}, 180_000);
afterAll(async () => {
  await Promise.all([launcher?.stop(), workers?.stop()]);
  await Promise.all([redis.stop(), smtp.stop()]);
});

/** The console's tRPC client, its requests spread round-robin, keeping its session cookie like a browser. */
function consoleClient() {
  let cookie = "";
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: "http://balancer.invalid/trpc",
        fetch: async (target: string | URL | Request, init?: RequestInit) => {
          const address = new URL(target instanceof Request ? target.url : target);
          const headers = new Headers(init?.headers);
          if (cookie) headers.set("cookie", cookie);
          headers.set("origin", CONSOLE);
          const response = await fetch(`${next()}${address.pathname}${address.search}`, { ...init, headers });
          const set = response.headers.get("set-cookie");
          if (set) cookie = set.split(";")[0] ?? "";
          return response;
        },
      }),
    ],
  });
}

describe("three API processes, a separate worker, one PostgreSQL and one Redis", () => {
  it("draw every process's requests from one rate-limit budget per key", async () => {
    const key = await issueKey(db);
    const get = () => fetch(`${next()}${OTA}/products`, { headers: { Authorization: `Bearer ${key}` } });
    // The budget is per second: run the exchange until it fits inside one second.
    for (let attempt = 0; attempt < 5; attempt++) {
      await sleep(1100);
      const started = Date.now();
      const within = await Promise.all(Array.from({ length: PER_SECOND }, get));
      const over = await Promise.all(Array.from({ length: 3 }, get));
      if (Date.now() - started > 700) continue;
      expect(within.map((r) => r.status)).toEqual(Array.from({ length: PER_SECOND }, () => 200));
      // One past the budget on each of the three processes: each knows what the others spent.
      expect(over.map((r) => r.status)).toEqual([429, 429, 429]);
      return;
    }
    throw new Error(`could not fit ${PER_SECOND + 3} requests into one second`);
  });

  it("keep one console session on every process, and each process's cache exact after a change made through another", async () => {
    const client = consoleClient();
    await client.console.session.signIn.mutate({ email: "demo@example.com", password: "correct-horse-battery" });
    for (let i = 0; i < apis.length; i++) {
      expect((await client.console.session.me.query()).email).toBe("demo@example.com");
    }

    const { key, apiKey } = await client.console.keys.create.mutate({ scopes: ["ota"], partner: "acme-travel" });
    const products = (base: string) => fetch(`${base}${OTA}/products`, { headers: { Authorization: `Bearer ${key}` } });
    // Each process reads the key once, and keeps it: the next reads are from its cache.
    for (const api of apis) expect((await products(api.base)).status).toBe(200);
    for (const api of apis) expect((await products(api.base)).status).toBe(200);

    const revokedAt = performance.now();
    await client.console.keys.revoke.mutate({ prefix: apiKey.prefix });
    // The cache keeps a key 30 s: refused well within that means the change was heard, not timed out.
    const seenAfter = await Promise.all(
      apis.map(async (api) => {
        while ((await products(api.base)).status !== 401) {
          if (performance.now() - revokedAt > 2_000) throw new Error(`${api.base} still accepts the revoked key`);
          await sleep(10);
        }
        return performance.now() - revokedAt;
      }),
    );
    expect(Math.max(...seenAfter)).toBeLessThan(2_000);
  });

  it("send a booking's confirmation e-mail exactly once, from the worker process", async () => {
    const key = await issueKey(db);
    const info = await openSlot(db, { productName: "Fado Night in Mouraria" });
    const email = `topology-${Date.now()}@example.com`;
    const response = await fetch(`${next()}${OTA}/booking`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify(
        bookingBody(info, {
          Participants: 1,
          Customer: { FirstName: "Rui", LastName: "Costa", Email: email, Phone: "+351912345678" },
        }),
      ),
    });
    expect(response.status).toBe(201);
    const toThem = () => smtp.received.filter((m) => m.raw.includes(email));
    const deadline = Date.now() + 30_000;
    while (toThem().length === 0 && Date.now() < deadline) await sleep(100);
    // A few more of the worker's rounds (every 2 s): a second send would show by now.
    await sleep(5_000);
    expect(toThem()).toHaveLength(1);
    const sent = await db.outboxEmail.findMany({ where: { toAddress: email, kind: "BOOKING_CONFIRMATION" } });
    expect(sent.map((e) => ({ status: e.status, attempts: e.attempts }))).toEqual([{ status: "SENT", attempts: 1 }]);
  });

  it("expire holds made through the API processes from the separate worker, giving their places back once", async () => {
    const key = await issueKey(db);
    const info = await openSlot(db, { productName: "Fado Night in Mouraria", free: 3 });
    const references: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { Customer: _customer, ...hold } = bookingBody(info, { Participants: 1, HoldMinutes: 1 });
      const response = await fetch(`${next()}${OTA}/booking`, {
        method: "POST",
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
        body: JSON.stringify(hold),
      });
      expect(response.status).toBe(201);
      references.push(((await response.json()) as { data: { Reference: string } }).data.Reference);
    }
    // The minute passes: only the deadline moves. The API processes run no worker, so only the
    // worker process can give the places back.
    await db.booking.updateMany({ where: { reference: { in: references } }, data: { expiresAt: new Date() } });
    const deadline = Date.now() + 30_000;
    const expired = () => db.booking.count({ where: { reference: { in: references }, status: "EXPIRED" } });
    while ((await expired()) < references.length && Date.now() < deadline) await sleep(200);
    expect(await expired()).toBe(references.length);
    expect((await db.timeslot.findUniqueOrThrow({ where: { id: info.slot.id } })).placesTaken).toBe(
      info.slot.placesTaken,
    );
    const read = await fetch(`${next()}${OTA}/booking/${references[0]}`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(((await read.json()) as { data: { Status: string } }).data.Status).toBe("expired");
  });

  it("start the worker again when it dies, even with nothing else running on its host", async () => {
    const victim = workers!.pidOf("worker")!;
    process.kill(victim, "SIGKILL");
    const deadline = Date.now() + 30_000;
    while (workers!.pidOf("worker") === victim && Date.now() < deadline) await sleep(100);
    expect(workers!.pidOf("worker")).not.toBe(victim);
    expect(workers!.child.exitCode).toBeNull();
  });

  it("lose no acknowledged write when one API process is killed with SIGKILL and the launcher starts it again", async () => {
    const keys = {
      ota: await issueKey(db),
      usageWrite: await issueKey(db, { scopes: ["usage:write"] }),
    };
    const load = startLoad(next, keys, await bookableTargets(db), 4);
    const acknowledged = () => load.outcomes.filter((o) => o.status === 201).length;
    const waitFor = async (count: number) => {
      const deadline = Date.now() + 60_000;
      while (acknowledged() < count && Date.now() < deadline) await sleep(20);
      expect(acknowledged()).toBeGreaterThanOrEqual(count);
    };
    await waitFor(30);
    const restarted = apis[0]!;
    const victim = (await apiPid(restarted.base))!;
    expect(victim).toBeGreaterThan(0);
    process.kill(victim, "SIGKILL");
    // The launcher starts it again on its port; until then the load balancer's turn fails.
    const deadline = Date.now() + 30_000;
    const pidNow = async () => (await apiPid(restarted.base)) ?? victim;
    while ((await pidNow()) === victim && Date.now() < deadline) await sleep(100);
    while (
      !(await fetch(`${restarted.base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )) &&
      Date.now() < deadline
    )
      await sleep(100);
    expect(await pidNow()).not.toBe(victim);
    const afterRestart = acknowledged();
    await waitFor(afterRestart + 30);
    const outcomes = await load.stop();

    // Requests that reached the dead process failed, visibly; the others were answered.
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
    // The restarted process serves again (with a key whose budget the load did not spend).
    expect((await fetch(`${restarted.base}/readyz`)).status).toBe(200);
    const served = await fetch(`${restarted.base}${OTA}/products`, {
      headers: { Authorization: `Bearer ${await issueKey(db)}` },
    });
    expect(served.status).toBe(200);
  }, 120_000);
});
