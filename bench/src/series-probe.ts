/**
 * Where a year of day windows of `GET /usage/meters/series` spends its time, without the
 * whole bench: `DATABASE_URL=… pnpm --filter @slotwise/bench series-probe <step>` against a
 * migrated, seeded database (`pnpm --filter @slotwise/db seed`), with the steps
 *
 * - `load <entries>`: adds entries over the last 366 days across 19 meters to the demo
 *   operator, compacts them, and prints a `usage:read` key;
 * - `sql`: times `usageSeries` for both zones and prints its `EXPLAIN (ANALYZE, BUFFERS)`;
 * - `http <port> <key> [pid]`: sequential requests to an API started separately (for a CPU
 *   profile: `node --cpu-prof --import tsx src/main.ts` in apps/api with `NODE_ENV=production`),
 *   with the API process's CPU per request when its pid is given.
 */
import { readFile } from "node:fs/promises";

import { addDays, localBuckets, makePeriod, periodInstants, todayIn } from "@slotwise/core";
import { createApiKey, usageSeries, type Db } from "@slotwise/db";
import { compactUsageFully, createClient } from "@slotwise/db/testing";

import { Prisma } from "../../packages/db/src/generated/prisma/client.ts";
import { percentile } from "./percentile.ts";

const ZONES = ["UTC", "Asia/Kolkata"];
const YEAR_SECONDS = 366 * 86_400;
const [step, ...args] = process.argv.slice(2);

async function load(entries: number) {
  const db = createClient(process.env.DATABASE_URL ?? "", { maxConnections: 2 });
  const operator = await db.operator.findUniqueOrThrow({ where: { slug: "demo" } });
  await db.$executeRawUnsafe(
    `INSERT INTO usage_entries (operator_id, meter, usage, occurred_at)
     SELECT $1, 'probe-meter-' || (i % 19), ((i % 997) + 1) / 100.0, now() - ((i::bigint * 7919) % ${YEAR_SECONDS}) * interval '1 second'
       FROM generate_series(1, $2::bigint) AS i`,
    operator.id,
    entries,
  );
  await compactUsageFully(db);
  // Index-only reads need the visibility map, which a long-lived table has from autovacuum.
  for (const table of [
    "usage_entries",
    "usage_rollups_15m",
    "usage_rollups_hourly",
    "usage_rollups_shifted_days",
    "usage_rollups_daily",
  ]) {
    await db.$executeRawUnsafe(`VACUUM ANALYZE ${table}`);
  }
  const key = await createApiKey(db, { operatorSlug: "demo", scopes: ["usage:read"], now: new Date() });
  console.log(`usage:read key ${key.key}`);
  await db.$disconnect();
}

async function sql() {
  const db = createClient(process.env.DATABASE_URL ?? "", { maxConnections: 2 });
  const operator = await db.operator.findUniqueOrThrow({ where: { slug: "demo" } });
  for (const zone of ZONES) {
    const to = todayIn(zone, new Date());
    const period = makePeriod(addDays(to, -365), to, zone);
    const starts = localBuckets(period.From, period.To, zone, "day").map((w) => w.start);
    const { end } = periodInstants(period);
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await usageSeries(db, operator.id, starts, end, null);
      times.push(performance.now() - started);
    }
    console.log(`${zone}: usageSeries ${times.map((t) => t.toFixed(0)).join(", ")} ms`);
    // The same statement, captured from a stand-in client, explained.
    let statement: Prisma.Sql | undefined;
    // The series' own statement is captured; what it asks first (the kept shifts) is answered.
    const capture = {
      $queryRaw: (strings: TemplateStringsArray, ...values: unknown[]) => {
        const sql = Prisma.sql(strings, ...values);
        if (!sql.text.includes("usage_compaction")) return db.$queryRaw(strings, ...values);
        statement = sql;
        return Promise.resolve([]);
      },
    } as unknown as Db;
    await usageSeries(capture, operator.id, starts, end, null);
    if (!statement) throw new Error("usageSeries sent no statement");
    const plan = await db.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
      `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`,
      ...statement.values,
    );
    console.log(plan.map((line) => line["QUERY PLAN"]).join("\n"));
  }
  await db.$disconnect();
}

/** utime + stime of a process, in clock ticks (100 a second on Linux). */
async function cpuTicks(pid: string): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1]?.split(" ") ?? [];
  return Number(fields[11]) + Number(fields[12]);
}

async function http(port: string, key: string, pid: string | undefined, samples = 40) {
  for (const zone of ZONES) {
    const to = todayIn(zone, new Date());
    const url = `http://127.0.0.1:${port}/api/v2/usage/meters/series?from=${addDays(to, -365)}&to=${to}&tz=${encodeURIComponent(zone)}&window=day`;
    const get = async () => {
      const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
      if (response.status !== 200) throw new Error(`series answered ${response.status}: ${await response.text()}`);
      return response.text();
    };
    for (let i = 0; i < 5; i++) await get();
    const ticks = pid ? await cpuTicks(pid) : 0;
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < samples; i++) {
      const started = performance.now();
      bytes = (await get()).length;
      times.push(performance.now() - started);
    }
    const cpu = pid ? `, API CPU ${(((await cpuTicks(pid)) - ticks) * 10) / samples} ms per request` : "";
    times.sort((a, b) => a - b);
    console.log(
      `${zone}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, ${bytes} bytes${cpu}`,
    );
  }
}

if (step === "load") await load(Number(args[0] ?? 1_000_000));
else if (step === "sql") await sql();
else if (step === "http" && args[0] && args[1]) await http(args[0], args[1], args[2]);
else throw new Error("usage: series-probe load <entries> | sql | http <port> <key> [pid]");
