import type { Db } from "../tx.ts";

export interface UnitTypeChange {
  unitId: string;
  label: string;
  minAge: number | null;
  maxAge: number | null;
  /** Minor units of the product's currency. */
  priceAmount: number;
}

/** Every unit type of one of the operator's activities, retired ones included, or null when it has no such activity. */
export function productUnitTypes(db: Db, operatorId: number, productId: number) {
  return db.product.findFirst({
    where: { id: productId, operatorId },
    select: { id: true, currency: true, units: { orderBy: [{ position: "asc" }, { id: "asc" }] } },
  });
}

/**
 * Adds a unit type to the activity, or changes the one with that ID (and sells it again if it
 * was retired). Bookings already made keep the prices they were sold at.
 */
export async function saveUnitType(db: Db, productId: number, change: UnitTypeChange) {
  const last = await db.productUnit.aggregate({ where: { productId }, _max: { position: true } });
  const fields = {
    label: change.label,
    minAge: change.minAge,
    maxAge: change.maxAge,
    priceAmount: change.priceAmount,
    retiredAt: null,
  };
  return db.productUnit.upsert({
    where: { productId_unitId: { productId, unitId: change.unitId } },
    create: { productId, unitId: change.unitId, position: (last._max.position ?? 0) + 1, ...fields },
    update: fields,
  });
}

/** Stops selling a unit type; bookings that bought it keep it. */
export function retireUnitType(db: Db, productId: number, unitId: string, now: Date) {
  return db.productUnit.updateMany({ where: { productId, unitId, retiredAt: null }, data: { retiredAt: now } });
}
