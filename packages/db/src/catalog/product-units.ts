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
 * Adds a unit type to the activity, after the others; false when it already has one with that
 * ID (the unique index decides between two simultaneous adds).
 */
export async function addUnitType(db: Db, productId: number, unit: UnitTypeChange): Promise<boolean> {
  const added = await db.$executeRaw`
    INSERT INTO product_units (product_id, unit_id, label, min_age, max_age, price_amount, position)
    SELECT ${productId}, ${unit.unitId}, ${unit.label}, ${unit.minAge}, ${unit.maxAge}, ${unit.priceAmount},
           COALESCE(max(position), 0) + 1
      FROM product_units WHERE product_id = ${productId}
    ON CONFLICT (product_id, unit_id) DO NOTHING`;
  return added === 1;
}

/**
 * Changes a unit type and sells it again if it was retired; false when the activity has no
 * unit with that ID. Bookings already made keep the prices they were sold at.
 */
export async function changeUnitType(db: Db, productId: number, unit: UnitTypeChange): Promise<boolean> {
  const { count } = await db.productUnit.updateMany({
    where: { productId, unitId: unit.unitId },
    data: {
      label: unit.label,
      minAge: unit.minAge,
      maxAge: unit.maxAge,
      priceAmount: unit.priceAmount,
      retiredAt: null,
    },
  });
  return count === 1;
}

/** Stops selling a unit type (bookings that bought it keep it); false when the activity has no such unit. */
export async function retireUnitType(db: Db, productId: number, unitId: string, now: Date): Promise<boolean> {
  const unit = await db.productUnit.findUnique({ where: { productId_unitId: { productId, unitId } } });
  if (!unit) return false;
  if (unit.retiredAt === null) await db.productUnit.update({ where: { id: unit.id }, data: { retiredAt: now } });
  return true;
}
