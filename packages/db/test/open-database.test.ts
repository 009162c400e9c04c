import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { HeldDataFolderError } from "../src/runtime/held-data-folder-error.ts";
import { openDatabase } from "../src/runtime/open-database.ts";

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A data folder whose lock file names `pid` listening on `port`, as a running PostgreSQL writes it. */
async function heldFolder(pid: number, port: number | "") {
  const dir = await mkdtemp(join(tmpdir(), "slotwise-held-"));
  folders.push(dir);
  await writeFile(join(dir, "postmaster.pid"), `${pid}\n${dir}\n1700000000\n${port}\n\n127.0.0.1\n  1234\nready\n`);
  return dir;
}

describe("opening the embedded database", () => {
  it("refuses a data folder a live process holds on another port, naming the folder and how to reach it", async () => {
    const dir = await heldFolder(process.pid, 55111);
    const opening = openDatabase({ EMBEDDED_POSTGRES_PORT: 55222, EMBEDDED_POSTGRES_DIR: dir });
    await expect(opening).rejects.toBeInstanceOf(HeldDataFolderError);
    const message = await opening.catch((error: unknown) => (error as Error).message);
    expect(message).toContain(`data folder ${dir} is in use, process ${process.pid} runs it on port 55111`);
    expect(message).toContain(`EMBEDDED_POSTGRES_PORT=55111 EMBEDDED_POSTGRES_DIR=${dir}`);
    expect(message).toContain("DATABASE_URL=postgresql://postgres:<password>@127.0.0.1:55111/slotwise");
  });

  it("refuses a folder held by a server still starting, whose port is not written yet", async () => {
    const dir = await heldFolder(process.pid, "");
    await expect(openDatabase({ EMBEDDED_POSTGRES_PORT: 55222, EMBEDDED_POSTGRES_DIR: dir })).rejects.toThrow(
      /its port is not known yet.*wait until it has started/,
    );
  });

  it("joins the process that holds the folder on the configured port, and names it without a password", async () => {
    const dir = await heldFolder(process.pid, 55111);
    const opened = await openDatabase({ EMBEDDED_POSTGRES_PORT: 55111, EMBEDDED_POSTGRES_DIR: dir });
    expect(opened.origin).toBe("embedded (already running)");
    expect(opened.where).toBe(
      `127.0.0.1:55111/slotwise (embedded PostgreSQL of ${dir}, run by process ${process.pid})`,
    );
  });

  it("names a DATABASE_URL by host, port and database, never its password", async () => {
    const opened = await openDatabase({
      DATABASE_URL: "postgresql://app:s3cret@db.internal:6543/slotwise_prod?sslmode=require",
      EMBEDDED_POSTGRES_PORT: 54329,
    });
    expect(opened.where).toBe("db.internal:6543/slotwise_prod (DATABASE_URL)");
  });
});
