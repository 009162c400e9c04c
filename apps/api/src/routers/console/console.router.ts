import { router } from "../../trpc/procedures.ts";
import { manifestRouter } from "../manifest/manifest.router.ts";
import { consoleActivitiesRouter } from "./activities/activities.router.ts";
import { consoleKeysRouter } from "./api-keys/api-keys.router.ts";
import { consoleBookingsRouter } from "./bookings/bookings.router.ts";
import { consoleMeterDefinitionsRouter } from "./meter-definitions/meter-definitions.router.ts";
import { consoleOutboxRouter } from "./outbox/outbox.router.ts";
import { consolePointOfSaleRouter } from "./point-of-sale/point-of-sale.router.ts";
import { consoleSessionRouter } from "./session/session.router.ts";
import { consoleThresholdNoticesRouter } from "./threshold-notices/threshold-notices.router.ts";
import { consoleTimeslotsRouter } from "./timeslots/timeslots.router.ts";
import { consoleUnitTypesRouter } from "./unit-types/unit-types.router.ts";
import { consoleUsageRouter } from "./usage/usage.router.ts";
import { consoleWebhooksRouter } from "./webhooks/webhooks.router.ts";

/** What the operator console calls over /trpc, with a session. */
export const consoleRouter = router({
  session: consoleSessionRouter,
  bookings: consoleBookingsRouter,
  keys: consoleKeysRouter,
  activities: consoleActivitiesRouter,
  unitTypes: consoleUnitTypesRouter,
  pointOfSale: consolePointOfSaleRouter,
  timeslots: consoleTimeslotsRouter,
  outbox: consoleOutboxRouter,
  manifest: manifestRouter,
  usage: consoleUsageRouter,
  meterDefinitions: consoleMeterDefinitionsRouter,
  thresholdNotices: consoleThresholdNoticesRouter,
  webhooks: consoleWebhooksRouter,
});
