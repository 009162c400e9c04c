import type { Db } from "../tx.ts";

/** Usage entries the compactor could not fold and set aside (see compact-usage.ts). */
export function setAsideCount(db: Db): Promise<number> {
  return db.usageSetAside.count();
}
