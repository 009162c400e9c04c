import { spawn } from "node:child_process";

import type { ApiScopeName } from "@slotwise/core";
import { createApiKey } from "@slotwise/db";
import {
  createClient,
  freePort,
  startTestServer,
  stopChild,
  withDatabaseName,
  type Client,
  type TestServer,
} from "@slotwise/db/testing";
import { spawnApi, spawnWorker, type ApiProcess } from "@slotwise/testing/processes";

/** API settings as in production, with rate limits out of the way of the load. */
export const PRODUCTION_ENV = {
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  RATE_LIMIT_PER_SECOND: "1000000",
  RATE_LIMIT_BURST: "1000000",
  // The webhook phase's receivers run on this machine.
  WEBHOOK_ALLOW_LOOPBACK: "on",
};

export interface BenchStack {
  server: TestServer;
  databaseUrl: string;
  db: Client;
  operatorId: number;
  keys: { ota: string; usageWrite: string; usageRead: string; catalog: string; checkin: string };
  startApis(count: number): Promise<ApiProcess[]>;
  startBaseline(): Promise<{ base: string; stop(): Promise<void> }>;
  stop(): Promise<void>;
}

async function waitForPort(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not come up`);
}

/** A fresh PostgreSQL (durable settings) with the demo seed, and keys for the load. */
export async function startStack(): Promise<BenchStack> {
  const server = await startTestServer({ seeded: true, durable: true });
  if (!server.seededTemplateName) throw new Error("no seeded database");
  const databaseUrl = withDatabaseName(server.adminUrl, server.seededTemplateName);
  const db = createClient(databaseUrl, { maxConnections: 4 });
  const operator = await db.operator.findUniqueOrThrow({ where: { slug: "demo" } });
  const now = new Date();
  const issue = (scopes: ApiScopeName[], partnerSlug?: string) =>
    createApiKey(db, { operatorSlug: "demo", scopes, partnerSlug, now }).then((k) => k.key);
  const keys = {
    ota: await issue(["ota"], "acme-travel"),
    usageWrite: await issue(["usage:write"]),
    usageRead: await issue(["usage:read"]),
    catalog: await issue(["catalog"]),
    checkin: await issue(["checkin"]),
  };
  // As `pnpm start` deploys: a worker process beside API processes that run none. At `info`,
  // as spawnWorker waits for its "worker started" line.
  const worker = await spawnWorker({ ...PRODUCTION_ENV, LOG_LEVEL: "info", DATABASE_URL: databaseUrl }).catch(
    async (error: unknown) => {
      await db.$disconnect();
      await server.stop();
      throw error;
    },
  );
  const apis: ApiProcess[] = [];
  const baselines: (() => Promise<void>)[] = [];
  return {
    server,
    databaseUrl,
    db,
    operatorId: operator.id,
    keys,
    async startApis(count) {
      const started = await Promise.all(
        Array.from({ length: count }, () => spawnApi({ ...PRODUCTION_ENV, DATABASE_URL: databaseUrl, WORKER: "off" })),
      );
      apis.push(...started);
      return started;
    },
    async startBaseline() {
      const port = await freePort();
      const child = spawn(
        process.execPath,
        ["--import", "tsx", new URL("./baseline-server.ts", import.meta.url).pathname, String(port)],
        {
          env: { ...process.env, NODE_ENV: "production", DATABASE_URL: databaseUrl, OPERATOR_ID: String(operator.id) },
          stdio: ["ignore", "inherit", "inherit"],
        },
      );
      const base = `http://127.0.0.1:${port}`;
      await waitForPort(base);
      const stop = () => stopChild(child);
      baselines.push(stop);
      return { base, stop };
    },
    async stop() {
      await Promise.all([...apis.map((a) => a.stop()), worker.stop(), ...baselines.map((s) => s())]);
      await db.$disconnect();
      await server.stop();
    },
  };
}
