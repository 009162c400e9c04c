import { findActivity } from "../../services/find-activity.ts";
import { bookableTimeslotsOn } from "../../services/find-timeslot.ts";
import { publicProcedure } from "../../trpc/procedures.ts";
import { operatorNamed } from "./shop-operator.ts";
import { shopTimeslotsInput } from "./shop-timeslots.schema.ts";

export const shopTimeslots = publicProcedure.input(shopTimeslotsInput).query(async ({ ctx, input }) => {
  const operator = await operatorNamed(ctx.db, input.operator);
  const product = await findActivity(ctx, operator.id, input.ActivityID);
  return (await bookableTimeslotsOn(ctx, product, input.Date, ctx.now())).timeslots;
});
