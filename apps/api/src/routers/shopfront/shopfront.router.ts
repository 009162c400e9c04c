import { router } from "../../trpc/procedures.ts";
import { shopActivities } from "./shop-activities.ts";
import { shopCheckout } from "./shop-checkout.ts";
import { shopJoinWaitlist } from "./shop-join-waitlist.ts";
import { shopTimeslots } from "./shop-timeslots.ts";

export const shopfrontRouter = router({
  activities: shopActivities,
  timeslots: shopTimeslots,
  checkout: shopCheckout,
  joinWaitlist: shopJoinWaitlist,
});
