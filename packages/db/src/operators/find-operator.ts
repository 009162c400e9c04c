import type { Db } from "../tx.ts";

export function operatorById(db: Db, operatorId: number) {
  return db.operator.findUniqueOrThrow({ where: { id: operatorId } });
}

export function operatorBySlug(db: Db, slug: string) {
  return db.operator.findUnique({ where: { slug } });
}
