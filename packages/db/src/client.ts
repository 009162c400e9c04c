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
  return new PrismaClient({ adapter });
}
