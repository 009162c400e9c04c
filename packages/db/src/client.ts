import { PrismaPg } from "@prisma/adapter-pg";

import { PrismaClient } from "./generated/prisma/client.ts";

export type Database = PrismaClient;

export interface DatabaseOptions {
  /** Pool size of the underlying pg pool. */
  maxConnections?: number;
}

/** One PrismaClient over node-postgres: Prisma 7 needs no query engine with a driver adapter. */
export function createDatabase(connectionString: string, options: DatabaseOptions = {}): Database {
  // The adapter sends a Date as UTC wall time without an offset, which PostgreSQL reads in the
  // session's zone: every session runs in UTC, whatever the server's or database's default.
  const adapter = new PrismaPg({ connectionString, max: options.maxConnections ?? 10, options: "-c TimeZone=UTC" });
  // Under a rush, requests queue for a pooled connection: Prisma's 2 s default wait for one
  // turned a busy moment into errors. They wait up to 10 s; past that the API answers 503.
  return new PrismaClient({ adapter, transactionOptions: { maxWait: 10_000, timeout: 15_000 } });
}
