import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { dataFolderHolder } from "../src/runtime/embedded-postgres.ts";
import { embeddedDataDir } from "../src/runtime/env.ts";
import { HeldDataFolderError } from "../src/runtime/held-data-folder-error.ts";
import { openDatabase } from "../src/runtime/open-database.ts";

const folders: string[] = [];
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A port something answers on, standing for the holder's running PostgreSQL. */
async function answeringPort(): Promise<number> {
  const server = createServer((socket) => socket.destroy());
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** A data folder whose lock file names `pid` listening on `port`, as a running PostgreSQL writes it. */
async function heldFolder(pid: number, port: number | "") {
  const dir = await mkdtemp(join(tmpdir(), "slotwise-held-"));
  folders.push(dir);
  await writeFile(join(dir, "postmaster.pid"), `${pid}\n${dir}\n1700000000\n${port}\n\n127.0.0.1\n  1234\nready\n`);
  return dir;
}

describe("opening the embedded database", () => {
  it("refuses a data folder a live process holds on another port, naming the folder and how to reach it", async () => {
    const port = await answeringPort();
    const dir = await heldFolder(process.pid, port);
    const opening = openDatabase({ EMBEDDED_POSTGRES_PORT: port + 1, EMBEDDED_POSTGRES_DIR: dir });
    await expect(opening).rejects.toBeInstanceOf(HeldDataFolderError);
    const message = await opening.catch((error: unknown) => (error as Error).message);
    expect(message).toContain(`data folder ${dir} is in use, process ${process.pid} runs it on port ${port}`);
    expect(message).toContain(`EMBEDDED_POSTGRES_PORT=${port} EMBEDDED_POSTGRES_DIR=${dir}`);
    expect(message).toContain(`DATABASE_URL=postgresql://postgres:<password>@127.0.0.1:${port}/slotwise`);
  });

  it("refuses a folder held by a server still starting, whose port is not written yet", async () => {
    const dir = await heldFolder(process.pid, "");
    await expect(openDatabase({ EMBEDDED_POSTGRES_PORT: 55222, EMBEDDED_POSTGRES_DIR: dir })).rejects.toThrow(
      /its port is not known yet.*wait until it has started/,
    );
  });

  it("joins the process that holds the folder on the configured port, and names it without a password", async () => {
    const port = await answeringPort();
    const dir = await heldFolder(process.pid, port);
    const opened = await openDatabase({ EMBEDDED_POSTGRES_PORT: port, EMBEDDED_POSTGRES_DIR: dir });
    expect(opened.origin).toBe("embedded (already running)");
    expect(opened.where).toBe(
      `127.0.0.1:${port}/slotwise (embedded PostgreSQL of ${dir}, run by process ${process.pid})`,
    );
  });

  it("takes a lock file as stale when its process ID now belongs to something that does not answer on its port", async () => {
    const port = await answeringPort();
    const server = servers.pop();
    await new Promise((resolve) => server?.close(resolve));
    expect(await dataFolderHolder(await heldFolder(process.pid, port))).toBeUndefined();
  });

  it("names a DATABASE_URL by host, port and database, never its password", async () => {
    const opened = await openDatabase({
      DATABASE_URL: "postgresql://app:s3cret@db.internal:6543/slotwise_prod?sslmode=require",
      EMBEDDED_POSTGRES_PORT: 54329,
    });
    expect(opened.where).toBe("db.internal:6543/slotwise_prod (DATABASE_URL)");
  });
});

describe("naming a database", () => {
  it("names the host and port the driver connects to, also when the URL's query sets them", async () => {
    const opened = await openDatabase({
      DATABASE_URL: "postgresql://app@db.example.com:6543/slotwise?host=127.0.0.1&port=5432",
      EMBEDDED_POSTGRES_PORT: 54329,
    });
    expect(opened.where).toBe("127.0.0.1:5432/slotwise (DATABASE_URL)");
  });

  it("takes a relative data folder from the repository's root, whichever folder a tool runs in", () => {
    const root = resolve(import.meta.dirname, "../../..");
    expect(embeddedDataDir({ EMBEDDED_POSTGRES_DIR: ".data/other", EMBEDDED_POSTGRES_PORT: 54329 })).toBe(
      join(root, ".data/other"),
    );
  });
});
