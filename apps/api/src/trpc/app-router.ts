import { availabilityCalendar } from "../routers/availability/availability-calendar.ts";
import { listAvailabilityChanges } from "../routers/availability/availability-changes.ts";
import { listAvailableDates } from "../routers/availability/available-dates.ts";
import { listAvailableTimeslots } from "../routers/availability/available-timeslots.ts";
import { cancelBooking } from "../routers/bookings/cancel-booking.ts";
import { changeBooking } from "../routers/bookings/change-booking.ts";
import { confirmBooking } from "../routers/bookings/confirm-booking.ts";
import { createBooking } from "../routers/bookings/create-booking.ts";
import { getBooking } from "../routers/bookings/get-booking.ts";
import { searchBookings } from "../routers/bookings/search-bookings.ts";
import { createActivity } from "../routers/catalog/create-activity.ts";
import { createClosure } from "../routers/catalog/create-closure.ts";
import { createSchedule } from "../routers/catalog/create-schedule.ts";
import { createTimeslot } from "../routers/catalog/create-timeslot.ts";
import { deleteSchedule } from "../routers/catalog/delete-schedule.ts";
import { getActivity } from "../routers/catalog/get-activity.ts";
import { listActivities } from "../routers/catalog/list-activities.ts";
import { listClosures } from "../routers/catalog/list-closures.ts";
import { listPartners } from "../routers/catalog/list-partners.ts";
import { listSchedules } from "../routers/catalog/list-schedules.ts";
import { patchActivity } from "../routers/catalog/patch-activity.ts";
import { patchTimeslot } from "../routers/catalog/patch-timeslot.ts";
import { previewSchedule } from "../routers/catalog/preview-schedule.ts";
import { checkIn } from "../routers/check-ins/check-in.ts";
import { activityGrid, listConsoleActivities } from "../routers/console/activities.ts";
import { createKey, listKeys, revokeKey } from "../routers/console/api-keys.ts";
import {
  bookingFilterOptions,
  cancelConsoleBooking,
  getConsoleBooking,
  listConsoleBookings,
} from "../routers/console/bookings.ts";
import { changeTimeslot } from "../routers/console/change-timeslot.ts";
import {
  changeConsoleMeterDefinition,
  createConsoleMeterDefinition,
  deleteConsoleMeterDefinition,
  listConsoleMeterDefinitions,
} from "../routers/console/meter-definitions.ts";
import { listConsoleOutbox } from "../routers/console/outbox.ts";
import { sellAtDesk } from "../routers/console/point-of-sale.ts";
import { me, signIn, signOut } from "../routers/console/session.ts";
import { listConsoleThresholdNotices } from "../routers/console/threshold-notices.ts";
import {
  addConsoleUnitType,
  changeConsoleUnitType,
  listUnitTypes,
  retireConsoleUnitType,
} from "../routers/console/unit-types.ts";
import { consoleUsageCsv, consoleUsageSeries, consoleUsageSummary } from "../routers/console/usage.ts";
import {
  createWebhook,
  deleteWebhook,
  listWebhookLog,
  listWebhooks,
  redeliverWebhookEvent,
} from "../routers/console/webhooks.ts";
import {
  manifestCheckIn,
  manifestCsv,
  manifestDay,
  manifestMarkNoShows,
} from "../routers/manifest/manifest.handler.ts";
import { cancelOrder } from "../routers/orders/cancel-order.ts";
import { confirmOrder } from "../routers/orders/confirm-order.ts";
import { createOrder } from "../routers/orders/create-order.ts";
import { getOrder } from "../routers/orders/get-order.ts";
import { listProducts } from "../routers/products/list-products.ts";
import { resolveProduct } from "../routers/products/resolve-product.ts";
import { listCoreQuestions, listPartnerQuestions } from "../routers/questions/list-questions.ts";
import { shopActivities, shopCheckout, shopJoinWaitlist, shopTimeslots } from "../routers/shopfront/shopfront.ts";
import { usageMeterDefinitions } from "../routers/usage/meter-definitions.ts";
import { recordUsageBatchEntries } from "../routers/usage/record-usage-batch.ts";
import { recordUsageEntry } from "../routers/usage/record-usage.ts";
import { usageSeries } from "../routers/usage/usage-series.ts";
import { usageSummary } from "../routers/usage/usage-summary.ts";
import { router } from "./procedures.ts";

/** The one router: served to partners as REST under /api/v2 and to the console as tRPC under /trpc. */
export const appRouter = router({
  products: router({ list: listProducts, resolve: resolveProduct }),
  availability: router({
    dates: listAvailableDates,
    timeslots: listAvailableTimeslots,
    calendar: availabilityCalendar,
    changes: listAvailabilityChanges,
  }),
  // Order matters for REST matching: the static `core` segment before `{partner}`.
  questions: router({ core: listCoreQuestions, list: listPartnerQuestions }),
  bookings: router({
    create: createBooking,
    get: getBooking,
    cancel: cancelBooking,
    confirm: confirmBooking,
    change: changeBooking,
    search: searchBookings,
  }),
  checkIns: router({ create: checkIn }),
  orders: router({ create: createOrder, get: getOrder, confirm: confirmOrder, cancel: cancelOrder }),
  usage: router({
    record: recordUsageEntry,
    recordBatch: recordUsageBatchEntries,
    summary: usageSummary,
    series: usageSeries,
    meterDefinitions: usageMeterDefinitions,
  }),
  shopfront: router({
    activities: shopActivities,
    timeslots: shopTimeslots,
    checkout: shopCheckout,
    joinWaitlist: shopJoinWaitlist,
  }),
  catalog: router({
    activities: listActivities,
    createActivity,
    activity: getActivity,
    patchActivity,
    schedules: listSchedules,
    createSchedule,
    previewSchedule,
    deleteSchedule,
    createTimeslot,
    patchTimeslot,
    closures: listClosures,
    createClosure,
    partners: listPartners,
  }),
  console: router({
    session: router({ signIn, signOut, me }),
    bookings: router({
      list: listConsoleBookings,
      filterOptions: bookingFilterOptions,
      get: getConsoleBooking,
      cancel: cancelConsoleBooking,
    }),
    keys: router({ list: listKeys, create: createKey, revoke: revokeKey }),
    activities: router({ list: listConsoleActivities, grid: activityGrid }),
    unitTypes: router({
      list: listUnitTypes,
      add: addConsoleUnitType,
      change: changeConsoleUnitType,
      retire: retireConsoleUnitType,
    }),
    pointOfSale: router({ sell: sellAtDesk }),
    timeslots: router({ change: changeTimeslot }),
    outbox: router({ list: listConsoleOutbox }),
    manifest: router({
      day: manifestDay,
      csv: manifestCsv,
      checkIn: manifestCheckIn,
      markNoShows: manifestMarkNoShows,
    }),
    usage: router({ summary: consoleUsageSummary, series: consoleUsageSeries, csv: consoleUsageCsv }),
    meterDefinitions: router({
      list: listConsoleMeterDefinitions,
      create: createConsoleMeterDefinition,
      change: changeConsoleMeterDefinition,
      delete: deleteConsoleMeterDefinition,
    }),
    thresholdNotices: router({ list: listConsoleThresholdNotices }),
    webhooks: router({
      list: listWebhooks,
      create: createWebhook,
      delete: deleteWebhook,
      deliveries: listWebhookLog,
      redeliver: redeliverWebhookEvent,
    }),
  }),
});

export type AppRouter = typeof appRouter;
