import { NotFoundError } from "@slotwise/core";
import { findProductByActivityId, type Db } from "@slotwise/db";

/** The operator's active product with this ActivityID, or a 404 that names it. */
export async function findActivity(db: Db, operatorId: number, activityId: string) {
  const product = await findProductByActivityId(db, operatorId, activityId);
  if (!product) throw new NotFoundError(`There is no activity ${activityId}`);
  return product;
}
