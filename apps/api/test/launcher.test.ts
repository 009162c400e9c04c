import { spawn } from "node:child_process";
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
});
