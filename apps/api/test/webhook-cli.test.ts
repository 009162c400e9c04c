import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

import { beforeAll, describe, expect, it } from "vitest";

import { startApi, type Api } from "./harness.ts";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
let api: Api;
beforeAll(async () => {
  api = await startApi();
});

/** `pnpm webhook …` as README shows it, against this test's database. */
function cli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  // Pinned: a developer's shell may have it on, as README suggests for local receivers.
  return cliWith({ WEBHOOK_ALLOW_LOOPBACK: "off" }, ...args);
}

function cliWith(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn("pnpm", ["--silent", "webhook", ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: api.databaseUrl, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("exit", (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}

describe("pnpm webhook", () => {
  it("creates an endpoint whose secret is alone on the last line, lists it, and deletes it", async () => {
    const url = "https://hooks.acme-travel.example/slotwise";
    const created = await cli(
      "create",
      "--operator",
      "demo",
      "--partner",
      "acme-travel",
      "--url",
      url,
      "--event",
      "booking.cancelled",
      "--event",
      "availability.changed",
    );
    expect(created.code).toBe(0);
    const secret = created.stdout.trim().split("\n").at(-1) ?? "";
    expect(secret).toMatch(/^whsec_[A-Za-z0-9]{40}$/);
    const stored = await api.db.webhookEndpoint.findFirstOrThrow({ where: { url } });
    expect(stored).toMatchObject({ secret, events: ["booking.cancelled", "availability.changed"], deletedAt: null });

    const listed = await cli("list", "--operator", "demo");
    expect(listed.stdout).toContain(`${stored.id}\tacme-travel\t${url}\tbooking.cancelled,availability.changed\t`);
    expect(listed.stdout).not.toContain(secret);

    // A receiver on this machine only where WEBHOOK_ALLOW_LOOPBACK=on (pnpm dev's default).
    const local = await cli("create", "--operator", "demo", "--partner", "globetrek", "--url", "http://localhost:9/in");
    expect(local.code).not.toBe(0);
    // Read as the API reads it: a value the API would refuse is refused, not taken for "off".
    const misspelt = await cliWith(
      { WEBHOOK_ALLOW_LOOPBACK: "yes" },
      ...["create", "--operator", "demo", "--partner", "globetrek", "--url", "http://localhost:9/in"],
    );
    expect(misspelt.code).toBe(2);
    expect(misspelt.stderr).toContain("WEBHOOK_ALLOW_LOOPBACK must be on or off");
    const allowed = await cliWith(
      { WEBHOOK_ALLOW_LOOPBACK: "on" },
      ...["create", "--operator", "demo", "--partner", "globetrek", "--url", "http://localhost:9/in"],
    );
    expect(allowed.code).toBe(0);
    const everything = await cli(
      "create",
      "--operator",
      "demo",
      "--partner",
      "globetrek",
      "--url",
      "https://hooks.globetrek.example/in",
    );
    expect(everything.code).toBe(0);
    expect(everything.stdout).toContain(
      "booking.confirmed, booking.changed, booking.cancelled, booking.expired, booking.checked_in, availability.changed",
    );

    expect((await cli("delete", String(stored.id))).code).toBe(0);
    expect((await cli("list", "--operator", "demo")).stdout).not.toContain(url);
    expect((await api.db.webhookEndpoint.findUniqueOrThrow({ where: { id: stored.id } })).deletedAt).toBeInstanceOf(
      Date,
    );
    const again = await cli("delete", String(stored.id));
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`No webhook endpoint ${stored.id}`);
  });

  it("refuses hostile or unusable URLs and unknown events with a clear message", async () => {
    const create = (url: string, ...more: string[]) =>
      cli("create", "--operator", "demo", "--partner", "acme-travel", "--url", url, ...more);
    for (const [url, message] of [
      ["ftp://files.example.com/hook", "url must be an https URL"],
      ["http://hooks.example.com/in", "url must be https"],
      ["https://user:pass@hooks.example.com/in", "url must not carry credentials"],
      ["https://169.254.169.254/latest/meta-data", "url must not name a private network address"],
    ] as const) {
      const refused = await create(url);
      expect(refused.code, url).toBe(1);
      expect(refused.stderr, url).toContain(message);
    }
    const unknown = await create("https://hooks.example.com/in", "--event", "booking.created");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("unknown event booking.created");
    const stranger = await cli(
      "create",
      "--operator",
      "demo",
      "--partner",
      "nobody",
      "--url",
      "https://hooks.example.com/in",
    );
    expect(stranger.stderr).toContain("No partner nobody");
    expect(await api.db.webhookEndpoint.count({ where: { partner: { slug: "acme-travel" }, deletedAt: null } })).toBe(
      0,
    );
  });
});
