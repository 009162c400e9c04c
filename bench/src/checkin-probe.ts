/**
 * Where a check-in spends its time, without the whole bench: `pnpm --filter @slotwise/bench
 * checkin-probe [scanners...]` starts a fresh PostgreSQL and one API process as the bench does
 * (a CPU profile of the API with `CHECKIN_PROBE_PROF=<dir>`), books the tickets, then for each
 * number of scanners (1 and 50 by default) scans distinct codes and prints the latency, scans per
 * second, the API's and PostgreSQL's CPU per scan and PostgreSQL's transactions per scan; at the
 * end, `EXPLAIN (ANALYZE, BUFFERS)` of a check-in's read and write statements on a fresh code.
 */
import { spawn } from "node:child_process";
import { readdir } from "node:fs/promises";

import pg from "pg";

import { checkInTicket, scannedTicket, type Db } from "@slotwise/db";
import { freePort } from "@slotwise/db/testing";
import { spawnApi, type ApiProcess } from "@slotwise/testing/processes";

import type { Prisma } from "../../packages/db/src/generated/prisma/client.ts";
import { cpuMs, parentPid } from "./cpu.ts";
import { call, concurrently } from "./http-call.ts";
import { percentile } from "./percentile.ts";
import { todaysTicketCodes } from "./scenarios/check-ins.ts";
import { PRODUCTION_ENV, startStack } from "./stack.ts";

const CODES_PER_STEP = 2_000;
const scannerCounts = process.argv.slice(2).map(Number);
if (scannerCounts.length === 0) scannerCounts.push(1, 50);
/** CPU of the postmaster and every process it started, ended ones included. */
async function postgresCpuMs(postmaster: number): Promise<number> {
  let total = await cpuMs(postmaster, true);
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    // A backend may end between the listing and the read: it has nothing more to count.
    const pid = Number(entry);
    if ((await parentPid(pid).catch(() => null)) === postmaster) total += await cpuMs(pid).catch(() => 0);
  }
  return total;
}

const stack = await startStack();
const profileDir = process.env.CHECKIN_PROBE_PROF;
const apiEnv = { ...PRODUCTION_ENV, DATABASE_URL: stack.databaseUrl, WORKER: "on" };
const api = profileDir ? await profiledApi(apiEnv, profileDir) : await spawnApi(apiEnv);

/** The API as spawnApi starts it, under `node --cpu-prof` (which NODE_OPTIONS may not carry). */
async function profiledApi(env: Record<string, string>, dir: string): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${dir}`, "--import", "tsx", "src/main.ts"], {
    cwd: new URL("../../apps/api/", import.meta.url).pathname,
    env: { ...process.env, HOST: "127.0.0.1", ...env, PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const base = `http://127.0.0.1:${port}`;
  for (let up = false; !up;) {
    up = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (!up) await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    child,
    lines: [],
    exited,
    stop: async () => {
      child.kill("SIGTERM");
      return exited;
    },
  };
}
try {
  const [backend] = await stack.db.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
  const postmaster = await parentPid(backend?.pid ?? 0);
  const apiPid = api.child.pid ?? 0;

  const needed = 50 + CODES_PER_STEP * scannerCounts.length + 10;
  const { codes } = await todaysTicketCodes(stack, api, "Probe Day Tour", needed);
  const scan = async (code: string) => {
    const answer = await call(`${api.base}/api/v2/operator/check-ins`, {
      headers: { authorization: `Bearer ${stack.keys.checkin}` },
      json: { Code: code },
    });
    if (answer.status !== 200) throw new Error(`${code}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.ms;
  };
  const commits = async () => {
    const [row] = await stack.db.$queryRaw<{ n: number }[]>`
      SELECT (xact_commit + xact_rollback)::int AS n FROM pg_stat_database WHERE datname = current_database()`;
    return row?.n ?? 0;
  };
  await concurrently(codes.slice(0, 50), 50, scan);
  // Let the worker send what the warm-up scans queued before measuring.
  await new Promise((r) => setTimeout(r, 3_000));
  let next = 50;
  for (const scanners of scannerCounts) {
    const slice = codes.slice(next, next + CODES_PER_STEP);
    next += CODES_PER_STEP;
    const [apiBefore, pgBefore, xactBefore] = [await cpuMs(apiPid), await postgresCpuMs(postmaster), await commits()];
    const clientBefore = process.cpuUsage();
    const started = performance.now();
    const times = (await concurrently(slice, scanners, scan)).sort((a, b) => a - b);
    const seconds = (performance.now() - started) / 1_000;
    const used = process.cpuUsage(clientBefore);
    const [apiAfter, pgAfter, xactAfter] = [await cpuMs(apiPid), await postgresCpuMs(postmaster), await commits()];
    const per = (x: number) => (x / slice.length).toFixed(2);
    console.log(
      `${scanners} scanners: ${slice.length} scans, ${(slice.length / seconds).toFixed(0)} scans/s, ` +
        `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms; per scan: ` +
        `API CPU ${per(apiAfter - apiBefore)} ms, PostgreSQL CPU ${per(pgAfter - pgBefore)} ms, ` +
        `this client's CPU ${per((used.user + used.system) / 1_000)} ms, ` +
        `transactions ${per(xactAfter - xactBefore - 2)}`,
    );
    await new Promise((r) => setTimeout(r, 3_000));
  }

  // Idle before and after the steps, so that a CPU profile shows where they begin and end.
  await new Promise((r) => setTimeout(r, 3_000));
  const [updates] = await stack.db.$queryRaw<{ all: number; hot: number }[]>`
    SELECT n_tup_upd::int AS all, n_tup_hot_upd::int AS hot FROM pg_stat_user_tables WHERE relname = 'tickets'`;
  console.log(`tickets updated: ${updates?.all}, of which heap-only (no index written): ${updates?.hot}`);

  // The statements of a first scan, as the service sends them (captured, then prepared under a
  // name as queryRows prepares them), timed by PostgreSQL on fresh codes in rolled-back
  // transactions; the last plan of each is printed.
  const client = new pg.Client({ connectionString: stack.databaseUrl, options: "-c TimeZone=UTC -c jit=off" });
  await client.connect();
  const captured = (run: (db: Db) => Promise<unknown>) => {
    let sql: Prisma.Sql | undefined;
    const fake = {
      $queryRaw: (s: Prisma.Sql) => {
        sql = s;
        return Promise.resolve([{ checkedInAt: new Date(), confirmed: true }]);
      },
    } as unknown as Db;
    return run(fake).then(() => sql as Prisma.Sql);
  };
  // The statements' arguments are numbers, texts, instants and nulls.
  const literal = (v: unknown) =>
    v === null
      ? "NULL"
      : v instanceof Date
        ? `'${v.toISOString()}'`
        : client.escapeLiteral(typeof v === "number" ? String(v) : (v as string));
  const timings: Record<string, number[]> = { read: [], write: [] };
  const plans: Record<string, string> = {};
  const prepared = new Set<string>();
  for (const code of codes.slice(next, next + 30)) {
    const ticket = await scannedTicket(stack.db, code, stack.operatorId);
    if (!ticket) throw new Error(`no ticket ${code}`);
    const statements = {
      read: await captured((db) => scannedTicket(db, code, stack.operatorId)),
      write: await captured((db) => checkInTicket(db, ticket, new Date())),
    };
    await client.query("BEGIN");
    for (const [name, sql] of Object.entries(statements)) {
      if (!prepared.has(name)) {
        await client.query(`PREPARE ${name} AS ${sql.text}`);
        prepared.add(name);
      }
      const { rows } = await client.query<{ "QUERY PLAN": string }>(
        `EXPLAIN (ANALYZE, BUFFERS) EXECUTE ${name}(${sql.values.map(literal).join(", ")})`,
      );
      const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
      timings[name]?.push(Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1]));
      plans[name] = plan;
    }
    await client.query("ROLLBACK");
  }
  for (const [name, times] of Object.entries(timings)) {
    const sorted = [...times].sort((a, b) => a - b);
    console.log(`\n${name}: execution p50 ${percentile(sorted, 50).toFixed(3)} ms over ${sorted.length}, last plan:`);
    console.log(plans[name]);
  }
  await client.end();
} finally {
  await api.stop();
  await stack.stop();
}
