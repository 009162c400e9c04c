import type { productUnitTypes } from "@slotwise/db";

type ProductUnitTypes = NonNullable<Awaited<ReturnType<typeof productUnitTypes>>>;

/** An activity's unit types as the console lists them, retired ones included and marked. */
export function presentUnitTypes(product: ProductUnitTypes) {
  return product.units.map((unit) => ({
    unitId: unit.unitId,
    label: unit.label,
    minAge: unit.minAge,
    maxAge: unit.maxAge,
    priceAmount: unit.priceAmount,
    currency: product.currency,
    retired: unit.retiredAt !== null,
  }));
}
