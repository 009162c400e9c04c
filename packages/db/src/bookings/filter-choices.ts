import type { Db } from "../tx.ts";

/** The partners and activities an operator's bookings can be filtered by, by name. */
export async function bookingFilterChoices(db: Db, operatorId: number) {
  const [partners, activities] = await Promise.all([
    db.partner.findMany({
      where: { operatorId },
      orderBy: { name: "asc" },
      select: { id: true, slug: true, name: true },
    }),
    db.product.findMany({ where: { operatorId }, orderBy: { name: "asc" }, select: { id: true, name: true } }),
  ]);
  return { partners, activities };
}
