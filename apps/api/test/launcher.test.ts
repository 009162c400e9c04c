import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

import { useTestDatabase } from "@slotwise/db/testing";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** The launcher as `pnpm start` / `pnpm start:worker` run it; `whenRunning` acts once it has started its processes. */
function launch(args: string[], env: Record<string, string | undefined>, whenRunning?: (output: string) => boolean) {
  const child = spawn(process.execPath, ["--import", "tsx", "apps/api/src/production/start.ts", ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: undefined, REDIS_URL: undefined, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString("utf8");
    if (whenRunning?.(output)) {
      whenRunning = undefined;
      child.kill("SIGTERM");
    }
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    child.on("exit", (code) => {
      resolve({ code, output });
    });
  });
}

/** A port taken, until `release`: an API process told to listen there fails at once. */
function takenPort(): Promise<{ port: number; release: () => void }> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      if (address && typeof address === "object") resolve({ port: address.port, release: () => server.close() });
      else reject(new Error("no port"));
    });
  });
}

describe("the production launcher", () => {
  it("names every bad or missing setting in one message and starts nothing", async () => {
    const { code, output } = await launch([], {
      RATE_LIMIT_BURST: "lots",
      METRICS_TOKEN: "short",
      API_PROCESSES: "0",
      SMTP_URL: "http://mail",
    });
    expect(code).toBe(2);
    const lines = output.trim().split("\n");
    expect(lines[0]).toBe("Slotwise cannot start; fix these settings (see docs/deploy.md):");
    expect(lines.slice(1).map((l) => l.trim().split(":")[0])).toEqual([
      "DATABASE_URL",
      "API_PROCESSES",
      "METRICS_TOKEN",
      "RATE_LIMIT_BURST",
      "SMTP_URL",
    ]);
    expect(output).toContain("DATABASE_URL: required");
  });

  it("as start:worker, migrates an empty database, runs a worker, and stops it cleanly on SIGTERM", async () => {
    const { db, url } = await useTestDatabase({ content: "empty" });
    const { code, output } = await launch(["--worker-only"], { DATABASE_URL: url, LOG_LEVEL: "info" }, (out) =>
      out.includes('"worker started"'),
    );
    expect(output).toContain('"msg":"migrations applied"');
    expect(output).toContain('"msg":"shutting down: finishing jobs in flight"');
    expect(code).toBe(0);
    const [{ applied }] = await db.$queryRaw<[{ applied: number }]>`
      SELECT count(*)::int AS applied FROM "_prisma_migrations" WHERE finished_at IS NOT NULL`;
    expect(applied).toBeGreaterThan(0);
  }, 120_000);

  it("refuses a LOG_LEVEL pino does not know, named once, before anything runs", async () => {
    const { code, output } = await launch([], {
      DATABASE_URL: "postgresql://slotwise@127.0.0.1:1/slotwise",
      LOG_LEVEL: "loud",
      WORKER: "sometimes",
    });
    expect(code).toBe(2);
    const lines = output.trim().split("\n");
    expect(lines[0]).toBe("Slotwise cannot start; fix these settings (see docs/deploy.md):");
    // Checked by the launcher and by the API's settings alike, but each named once.
    expect(lines.slice(1).map((l) => l.trim().split(":")[0])).toEqual(["WORKER", "LOG_LEVEL"]);
    expect(output).toMatch(/LOG_LEVEL: .*"warn"/);
  });

  it("logs at LOG_LEVEL: with warn, its warnings and errors and none of its info lines", async () => {
    const { db, url } = await useTestDatabase({ content: "empty" });
    // The API process cannot listen, dies, and the launcher says so (an error): by then it has
    // set up its signal handlers, so SIGTERM stops it cleanly.
    const taken = await takenPort();
    const { code, output } = await launch(
      [],
      {
        DATABASE_URL: url,
        LOG_LEVEL: "warn",
        API_PORT: String(taken.port),
        CONSOLE: "off",
        WORKER: "off",
        PAYMENT_WEBHOOK_SECRET: undefined,
      },
      (out) => out.includes('"msg":"exited; starting it again"'),
    ).finally(taken.release);
    expect(code).toBe(0);
    const lines = output
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: number; role?: string; msg: string });
    const launcher = lines.filter((line) => line.role === "launcher");
    expect(launcher.map(({ level, msg }) => ({ level, msg }))).toEqual([
      {
        level: 40,
        msg: "PAYMENT_WEBHOOK_SECRET is not set: the payment webhook refuses every call, so shopfront checkouts are never paid",
      },
      { level: 50, msg: "exited; starting it again" },
    ]);
    // At info it would also have said "migrations applied", "started" and "stopping every process";
    // the API process, at the same level, says nothing below warn either.
    expect(lines.filter((line) => line.level < 40)).toEqual([]);
    const [{ applied }] = await db.$queryRaw<[{ applied: number }]>`
      SELECT count(*)::int AS applied FROM "_prisma_migrations" WHERE finished_at IS NOT NULL`;
    expect(applied).toBeGreaterThan(0);
  }, 120_000);
});
