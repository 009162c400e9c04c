import { poolOf } from "./client.ts";
import type { Prisma } from "./generated/prisma/client.ts";
import type { Db } from "./tx.ts";

/**
 * The rows of one raw statement. Outside a transaction it goes straight to the client's pg
 * pool: Prisma's raw-query pipeline (serialising each argument, then deserialising each value
 * of the result) cost more of the API's CPU per booking than the rest of its data access. In a
 * transaction it goes through Prisma, which holds the transaction's connection. Either way the
 * statement's columns come back as the same values (integers, text, enums, parsed jsonb, Dates
 * for timestamptz); a Date argument is sent with its offset by pg and without one (read in the
 * session's UTC) by Prisma, the same instant.
 *
 * On the pool the statement is prepared once per connection under `name` (one name, one text):
 * PostgreSQL then skips parsing and analysing it on every call, which was about a fifth of its
 * CPU per booking. Named statements need a session of their own, as LISTEN already does (no
 * PgBouncer in transaction mode, see docs/deploy.md).
 */
export async function queryRows<T>(db: Db, sql: Prisma.Sql, name: string): Promise<T[]> {
  const pool = poolOf(db);
  if (!pool) return db.$queryRaw<T[]>(sql);
  const result = await pool.query({ name, text: sql.text, values: sql.values });
  return result.rows as T[];
}
