import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { beforeAll, describe, expect, it } from "vitest";

import { OTA, startApi, type Api } from "./harness.ts";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
let api: Api;
beforeAll(async () => {
  api = await startApi();
});

type CliResult = { code: number | null; stdout: string; stderr: string };

/** `pnpm api-key …` as README shows it, against this test's database. */
function cli(...args: string[]): Promise<CliResult> {
  return cliWith({ DATABASE_URL: api.databaseUrl }, ...args);
}

function cliWith(env: Record<string, string>, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn("pnpm", ["--silent", "api-key", ...args], { cwd: repoRoot, env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("exit", (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}

describe("pnpm api-key", () => {
  it("creates a key printed alone on the last line, lists it, and revokes it", async () => {
    const created = await cli(
      "create",
      "--operator",
      "demo",
      "--scope",
      "ota",
      "--partner",
      "acme-travel",
      "--expires-in-days",
      "30",
    );
    expect(created.code).toBe(0);
    const key = created.stdout.trim().split("\n").at(-1) ?? "";
    expect(key).toMatch(/^sw_[A-Za-z0-9]{8}_[A-Za-z0-9]{40}$/);
    const { hostname, port, pathname } = new URL(api.databaseUrl);
    expect(created.stderr).toContain(`api-key: database ${hostname}:${port || 5432}${pathname} (DATABASE_URL)`);
    expect((await api.request(`${OTA}/products`, { key })).status).toBe(200);

    const listed = await cli("list", "--operator", "demo");
    expect(listed.stdout).toContain(`${key.slice(0, 11)}\tactive\tacme-travel\tota`);

    const revoked = await cli("revoke", key.slice(0, 11));
    expect(revoked.code).toBe(0);
    expect((await api.request(`${OTA}/products`, { key })).status).toBe(401);
  });

  it("creates usage keys without a partner, and refuses what makes no sense with a clear message", async () => {
    const usage = await cli("create", "--operator", "demo", "--scope", "usage:write", "--scope", "usage:read");
    expect(usage.code).toBe(0);
    for (const [args, message] of [
      [["create", "--operator", "demo", "--scope", "ota"], "an ota key must name its partner"],
      [["create", "--operator", "nobody", "--scope", "usage:read"], "No operator nobody"],
      [["create", "--operator", "demo", "--scope", "admin"], "unknown scope admin"],
      [["create", "--operator", "demo", "--scope", "ota", "--partner", "nope"], "Operator demo has no partner nope"],
      [["revoke", "sw_nothing1"], "No API key with prefix sw_nothing1"],
      [["frobnicate"], "unknown command frobnicate"],
    ] as const) {
      const result = await cli(...args);
      expect(result.code, args.join(" ")).not.toBe(0);
      expect(result.stderr).toContain(message);
    }
  });

  it("lists every scope in its usage, and binds no catalog or checkin key to a partner", async () => {
    for (const [args, message] of [
      [["create", "--operator", "demo", "--scope", "admin"], "--scope <ota|usage:write|usage:read|catalog|checkin>"],
      [
        ["create", "--operator", "demo", "--scope", "checkin", "--partner", "acme-travel"],
        "a key with the checkin scope acts for the operator and is bound to no partner",
      ],
      [
        ["create", "--operator", "demo", "--scope", "ota", "--scope", "catalog", "--partner", "acme-travel"],
        "a key with the catalog scope acts for the operator and is bound to no partner",
      ],
    ] as const) {
      const result = await cli(...args);
      expect(result.code, args.join(" ")).not.toBe(0);
      expect(result.stderr).toContain(message);
    }
  }, 120_000);

  it("refuses an embedded data folder another process holds on another port, and writes nothing", async () => {
    const dir = await mkdtemp(join(tmpdir(), "slotwise-held-"));
    // A socket standing for the holder's PostgreSQL, which answers on the port its lock file names.
    const holder = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const port = (holder.address() as AddressInfo).port;
    try {
      // PostgreSQL's lock file, naming this live test process as the server on that port.
      await writeFile(join(dir, "postmaster.pid"), `${process.pid}\n${dir}\n1700000000\n${port}\n\n127.0.0.1\n`);
      const refused = await cliWith(
        { DATABASE_URL: "", EMBEDDED_POSTGRES_DIR: dir, EMBEDDED_POSTGRES_PORT: "55222" },
        "create",
        "--operator",
        "demo",
        "--scope",
        "usage:read",
      );
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe("");
      expect(refused.stderr).toContain(
        `api-key: error: Not starting an embedded PostgreSQL on port 55222: its data folder ${dir} is in use`,
      );
      expect(refused.stderr).toContain(`EMBEDDED_POSTGRES_PORT=${port} EMBEDDED_POSTGRES_DIR=${dir}`);
    } finally {
      holder.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
