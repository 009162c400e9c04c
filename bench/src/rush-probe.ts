/**
 * Probe of a sell-out rush (not part of `pnpm bench`): three API processes on a scratch database,
 * then (1) the floor: 1,000 concurrent GET /healthz; (2) rushes like the contention phase, with
 * its client (CONTENTION_CLIENT) on new connections;
 * (3) API CPU per refusal of a full timeslot, read from /proc/<pid>/stat (`REFUSALS=off` skips it).
 * `DATABASE_URL=… KEY=… pnpm --filter @slotwise/bench rush-probe`
 */
import { readFileSync } from "node:fs";

import { instantToLocal } from "@slotwise/core";
import { createClient } from "@slotwise/db/testing";
import { spawnApi } from "@slotwise/testing/processes";

import { rushBody, rushPoster, WARM_UP_RUSHES } from "./scenarios/contention.ts";
import { PRODUCTION_ENV } from "./stack.ts";

const databaseUrl = process.env.DATABASE_URL ?? "";
const key = process.env.KEY ?? "";
const reps = Number(process.env.REPS ?? 4);
const db = createClient(databaseUrl, { maxConnections: 4 });
const operator = await db.operator.findUniqueOrThrow({ where: { slug: "demo" } });
const product = await db.product.findFirstOrThrow({
  where: { operatorId: operator.id, active: true, maxParticipants: { gte: 1 } },
  orderBy: { id: "asc" },
});
// BASES and PIDS: API processes started by hand (e.g. with --cpu-prof) instead of spawned here.
const given = process.env.BASES?.split(",").map((base, i) => ({
  base,
  child: { pid: Number(process.env.PIDS?.split(",")[i]) },
  stop: () => Promise.resolve(undefined),
}));
const apis =
  given ??
  (await Promise.all(
    [0, 1, 2].map(() =>
      spawnApi({
        ...PRODUCTION_ENV,
        DATABASE_URL: databaseUrl,
        WORKER: "off",
        EARLY_REFUSALS: process.env.EARLY_REFUSALS ?? "on",
      }),
    ),
  ));
const ticks = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return Number(f[11]) + Number(f[12]); // utime + stime, in 1/100 s
};
const apiTicks = () => apis.reduce((s, a) => s + ticks(a.child.pid ?? 0), 0);

let offset = Math.floor(Math.random() * 100_000);
async function newSlot(capacity: number) {
  offset += 1;
  const startsAt = new Date(Math.ceil((Date.now() + 40 * 86_400_000) / 3_600_000) * 3_600_000 + offset * 97 * 60_000);
  await db.timeslot.create({ data: { productId: product.id, startsAt, capacity } });
  return instantToLocal(startsAt, product.timeZone);
}
const body = (local: { date: string; time: string }, i: number) => rushBody(product.activityId, local, i);
// CLIENT=undici: undici's request() (path in UNDICI) instead of fetch for the floors and the
// refusals' CPU, to weigh the client's own CPU.
type Sent = { status: number; arrayBuffer(): Promise<unknown> };
interface Undici {
  Agent: new (options: { connections: number }) => object;
  request(
    url: string,
    options: { dispatcher: object; method: string; headers?: Record<string, string>; body?: string },
  ): Promise<{ statusCode: number; body: { arrayBuffer(): Promise<ArrayBuffer> } }>;
}
const undici = process.env.CLIENT === "undici" ? ((await import(process.env.UNDICI ?? "undici")) as Undici) : null;
const agent = undici ? new undici.Agent({ connections: 1000 }) : null;
async function send(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Sent> {
  if (!undici || !agent) return fetch(url, init);
  const r = await undici.request(url, {
    dispatcher: agent,
    method: init.method ?? "GET",
    headers: init.headers,
    body: init.body,
  });
  return { status: r.statusCode, arrayBuffer: () => r.body.arrayBuffer() };
}
const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
const post = (base: string, payload: string) =>
  send(`${base}/api/v2/ota/acme-travel/booking`, { method: "POST", headers, body: payload });

async function burst(n: number, attempt: (i: number) => Promise<Sent>) {
  const statuses: Record<number, number> = {};
  const cpu = process.cpuUsage();
  const api0 = apiTicks();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const r = await attempt(i);
      await r.arrayBuffer();
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    }),
  );
  const ms = performance.now() - started;
  const client = process.cpuUsage(cpu);
  return {
    ms: Math.round(ms),
    statuses,
    clientCpuMs: Math.round((client.user + client.system) / 1000),
    apiCpuMs: (apiTicks() - api0) * 10,
  };
}

/** A rush of `n` attempts sent as the bench sends its own: its client (CONTENTION_CLIENT), new connections. */
async function rush(n: number, local: { date: string; time: string }) {
  const client = rushPoster(n);
  try {
    return await burst(n, (i) =>
      client
        .post(`${apis[i % 3]?.base ?? ""}/api/v2/ota/acme-travel/booking`, headers, body(local, i))
        .then((status) => ({ status, arrayBuffer: () => Promise.resolve(null) })),
    );
  } finally {
    await client.close();
  }
}

// Warm-up: bookings and refusals on every process.
for (let w = 0; w < Number(process.env.WARM ?? WARM_UP_RUSHES); w++) await rush(300, await newSlot(20));
for (let r = 0; r < Number(process.env.FLOORS ?? reps); r++) {
  console.log("floor", JSON.stringify(await burst(1000, (i) => send(`${apis[i % 3]?.base ?? ""}/healthz`))));
}
for (let r = 0; r < reps; r++) console.log("rush ", JSON.stringify(await rush(1000, await newSlot(20))));
/** CPU per refusal of a full timeslot on one process, 50 requests at a time on kept-alive connections. */
async function refusalCpu() {
  const full = await newSlot(1);
  await post(apis[0]?.base ?? "", body(full, 0)).then((r) => r.arrayBuffer());
  const pid = apis[0]?.child.pid ?? 0;
  for (let r = 0; r < reps; r++) {
    const n = 3000;
    const t0 = ticks(pid);
    let next = 0;
    const statuses: Record<number, number> = {};
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < n) {
          const i = next++;
          const res = await post(apis[0]?.base ?? "", body(full, i));
          await res.arrayBuffer();
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        }
      }),
    );
    console.log("refusal cpu µs", Math.round(((ticks(pid) - t0) * 10_000) / n), JSON.stringify(statuses));
  }
}

if (process.env.REFUSALS !== "off") await refusalCpu();
await Promise.all(apis.map((a) => a.stop()));
await db.$disconnect();
