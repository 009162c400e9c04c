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
 */
export async function queryRows<T>(db: Db, sql: Prisma.Sql): Promise<T[]> {
  const pool = poolOf(db);
  if (!pool) return db.$queryRaw<T[]>(sql);
  const result = await pool.query(sql.text, sql.values);
  return result.rows as T[];
}
