import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";

import { PrismaClient } from "./generated/prisma/client.ts";
import { seal, type SealedDatabase } from "./sealed.ts";
import type { Db } from "./tx.ts";

/**
 * The client as packages/db's own functions use it. The package's entry exports it sealed
 * (`sealed.ts`): only tests, the bench and the end-to-end setup open it, through
 * `@slotwise/db/testing`.
 */
export type Database = PrismaClient;

export interface DatabaseOptions {
  /** Pool size of the underlying pg pool. */
  maxConnections?: number;
  /** How long a query waits for a pooled connection before it fails (10 s by default). */
  connectionWaitMs?: number;
}

export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

const pools = new WeakMap<Database, pg.Pool>();

/** The database for the API, the worker and the tools: passed to packages/db's functions, nothing else. */
export function createDatabase(connectionString: string, options: DatabaseOptions = {}): SealedDatabase {
  return seal(createClient(connectionString, options));
}

/** One PrismaClient over node-postgres: Prisma 7 needs no query engine with a driver adapter. */
export function createClient(connectionString: string, options: DatabaseOptions = {}): Database {
  // The adapter sends a Date as UTC wall time without an offset, which PostgreSQL reads in the
  // session's zone: every session runs in UTC, whatever the server's or database's default.
  // The pool is made here, not by the adapter, so that its use can be reported (see poolUse).
  // No JIT: on a server that has it on, the usage series' statement (estimated costly, over
  // thousands of rollup rows) is JIT-compiled on every call, most of its time; the statements
  // of this service are short, and compiling never pays back within one of them.
  // A full pool makes the next query wait: without a limit a request would wait as long as the
  // pool stays full, instead of being told to retry (the API answers 503).
  const pool = new pg.Pool({
    connectionString,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: options.connectionWaitMs ?? 10_000,
    options: "-c TimeZone=UTC -c jit=off",
  });
  // An idle connection that the server ends (a restart, a terminated backend) is dropped by the
  // pool, which then reports it as an error event: unheard, that event ends the process. The
  // next query opens a new connection, so there is nothing else to do with it.
  pool.on("error", () => undefined);
  // The adapter is typed against a newer @types/pg than ours; at run time both are this one pg.
  const adapter = new PrismaPg(pool as unknown as ConstructorParameters<typeof PrismaPg>[0], {
    disposeExternalPool: true,
  });
  // Under a rush, requests queue for a pooled connection: Prisma's 2 s default wait for one
  // turned a busy moment into errors. They wait up to 10 s; past that the API answers 503.
  const db = new PrismaClient({ adapter, transactionOptions: { maxWait: 10_000, timeout: 15_000 } });
  pools.set(db, pool);
  return db;
}

/** The connections of a database made by createDatabase: open, idle, and requests waiting for one. */
export function poolUse(db: Database): PoolUse | undefined {
  const pool = pools.get(db);
  if (!pool) return undefined;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max };
}

/** The pg pool under a database made by createDatabase; none for a transaction, whose connection Prisma holds. */
export function poolOf(db: Db): pg.Pool | undefined {
  return pools.get(db as Database);
}
