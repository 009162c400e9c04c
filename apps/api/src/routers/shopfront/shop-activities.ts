import { presentProduct } from "../../presenters/product.ts";
import { activeProducts } from "../../services/active-products.ts";
import { publicProcedure } from "../../trpc/procedures.ts";
import { shopActivitiesInput } from "./shop-activities.schema.ts";
import { operatorNamed } from "./shop-operator.ts";

export const shopActivities = publicProcedure.input(shopActivitiesInput).query(async ({ ctx, input }) => {
  const operator = await operatorNamed(ctx.db, input.operator);
  return (await activeProducts(ctx, operator.id)).map(presentProduct);
});
