import { cpus, totalmem } from "node:os";

import type { Client } from "@slotwise/db/testing";

export async function machine(db: Client) {
  const [{ version }] = await db.$queryRaw<[{ version: string }]>`SELECT version()`;
  return {
    cpu: cpus()[0]?.model ?? "unknown",
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    postgres: version.split(" on ")[0] ?? version,
  };
}
