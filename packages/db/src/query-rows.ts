import { createHash } from "node:crypto";

import type pg from "pg";

import { poolOf } from "./client.ts";
import type { Prisma } from "./generated/prisma/client.ts";
import type { Db } from "./tx.ts";

/**
 * The rows of one raw statement. Outside a transaction it goes straight to the client's pg
 * pool: Prisma's raw-query pipeline (serialising each argument, then deserialising each value
 * of the result) cost more of the API's CPU per booking than the rest of its data access. In a
 * transaction it goes through Prisma, which holds the transaction's connection. Both ways give
 * the same values only for the column types its callers select: int4, text, enums, jsonb
 * (parsed) and timestamptz (a Date). Not for int8, numeric or date, which pg returns as strings
 * or a local-midnight Date and Prisma as BigInt, Decimal or a UTC Date. A Date argument is sent
 * with its offset by pg and without one (read in the session's UTC) by Prisma: the same instant.
 *
 * On the pool the statement is prepared once per connection, named by its text: PostgreSQL
 * then skips parsing and analysing it on every call, a large share of its CPU per booking. Named statements need a session of their own, as LISTEN already does (no PgBouncer
 * in transaction mode, see docs/deploy.md).
 */
export async function queryRows<T>(db: Db, sql: Prisma.Sql): Promise<T[]> {
  const pool = poolOf(db);
  if (!pool) return db.$queryRaw<T[]>(sql);
  return (await prepared(pool, sql)).rows as T[];
}

/**
 * How many rows one raw statement wrote, by the same two ways and with the same arguments as
 * `queryRows`. Prisma's way costs most with large arguments: it writes each one into a JSON
 * text and parses it back before the driver sees it (a usage batch's 150 KB of entries).
 */
export async function executeCount(db: Db, sql: Prisma.Sql): Promise<number> {
  const pool = poolOf(db);
  if (!pool) return db.$executeRaw(sql);
  return (await prepared(pool, sql)).rowCount ?? 0;
}

function prepared(pool: pg.Pool, sql: Prisma.Sql) {
  return pool.query({ name: statementName(sql.text), text: sql.text, values: sql.values });
}

const names = new Map<string, string>();

/** One name per statement text, so that two texts never share one (pg refuses that). */
function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `slotwise_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}
