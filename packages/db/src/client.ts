import { PrismaPg } from "@prisma/adapter-pg";

import { PrismaClient } from "./generated/prisma/client.ts";

export type Database = PrismaClient;

export interface DatabaseOptions {
  /** Pool size of the underlying pg pool. */
  maxConnections?: number;
}

/** One PrismaClient over node-postgres: Prisma 7 needs no query engine with a driver adapter. */
export function createDatabase(connectionString: string, options: DatabaseOptions = {}): Database {
  const adapter = new PrismaPg({ connectionString, max: options.maxConnections ?? 10 });
  // Under a rush, requests queue for a pooled connection: Prisma's 2 s default wait for one
  // turned a busy moment into errors. They wait up to 10 s; past that the API answers 503.
  return new PrismaClient({ adapter, transactionOptions: { maxWait: 10_000, timeout: 15_000 } });
}
