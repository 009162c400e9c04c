import type { Db } from "../tx.ts";

/** The operator's partners by name: those an activity's distribution can name. */
export function listOperatorPartners(db: Db, operatorId: number): Promise<{ slug: string; name: string }[]> {
  return db.partner.findMany({
    where: { operatorId },
    orderBy: [{ name: "asc" }, { slug: "asc" }],
    select: { slug: true, name: true },
  });
}
