import { cpus, totalmem } from "node:os";

import type { Database } from "@slotwise/db";

export async function machine(db: Database) {
  const [{ version }] = await db.$queryRaw<[{ version: string }]>`SELECT version()`;
  return {
    cpu: cpus()[0]?.model ?? "unknown",
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    postgres: version.split(" on ")[0] ?? version,
  };
}
