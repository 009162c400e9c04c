import { Prisma } from "../generated/prisma/client.ts";

/**
 * The operator's entries with `start <= occurred_at < end` that the rollups do not hold, as
 * rows (meter, occurred_at, usage, dimensions as the dims rollups key them): those of transactions at or above `watermark` (not folded
 * yet) and those below it that the compactor set aside. `watermark` is an SQL expression read
 * in the caller's statement, so both parts and the rollups come from one snapshot.
 */
export function entriesOutsideRollups(operatorId: number, start: Date, end: Date, watermark: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    SELECT meter, occurred_at, usage, COALESCE(dimensions::text, '{}') AS dimensions FROM usage_entries
     WHERE operator_id = ${operatorId} AND created_xid >= ${watermark} AND occurred_at >= ${start} AND occurred_at < ${end}
    UNION ALL
    SELECT e.meter, e.occurred_at, e.usage, COALESCE(e.dimensions::text, '{}') FROM usage_set_aside s
      JOIN usage_entries e ON e.id = s.entry_id AND e.occurred_at = s.occurred_at
     WHERE e.operator_id = ${operatorId} AND e.created_xid < ${watermark} AND e.occurred_at >= ${start} AND e.occurred_at < ${end}`;
}
