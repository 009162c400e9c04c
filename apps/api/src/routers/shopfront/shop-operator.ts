import { boundedField, NotFoundError } from "@slotwise/core";
import { operatorBySlug, type Db } from "@slotwise/db";

// The operator's public shopfront: what a visitor of its own website sees and buys. No key
// and no session; the operator is named by its slug.

export const operatorSlug = boundedField("operator", 64).min(1, { error: "operator must not be empty" });

export async function operatorNamed(db: Db, slug: string) {
  const operator = await operatorBySlug(db, slug);
  if (!operator) throw new NotFoundError(`There is no shop ${slug}`);
  return operator;
}
