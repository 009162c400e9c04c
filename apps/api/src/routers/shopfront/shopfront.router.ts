import { router } from "../../trpc/procedures.ts";
import { shopActivities, shopCheckout, shopJoinWaitlist, shopTimeslots } from "./shopfront.ts";

export const shopfrontRouter = router({
  activities: shopActivities,
  timeslots: shopTimeslots,
  checkout: shopCheckout,
  joinWaitlist: shopJoinWaitlist,
});
