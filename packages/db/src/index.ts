export { createDatabase, poolUse, type DatabaseOptions, type PoolUse } from "./client.ts";
// Sealed: packages/db's functions take them, and nothing else can be done with them (sealed.ts).
export type { SealedDatabase as Database, SealedTx as Tx, SealedDb as Db } from "./sealed.ts";
export {
  operationalFigures,
  WEBHOOK_OUTCOMES,
  type OperationalFigures,
  type WebhookOutcome,
} from "./metrics/operational-figures.ts";
export type { Booking, Product, Timeslot, WaiverQuestion, Operator } from "./generated/prisma/client.ts";
export { BookingSource, BookingStatus, WaiverStatus, EmailKind, EmailStatus } from "./generated/prisma/enums.ts";
export { operatorById, operatorBySlug } from "./operators/find-operator.ts";
export { bookingFilterChoices } from "./bookings/filter-choices.ts";
export { joinWaitlist, type WaitlistRequest } from "./waitlist/join-waitlist.ts";
export { setAsideCount } from "./usage/set-aside-count.ts";
export {
  createApiKey,
  listApiKeys,
  revokeApiKey,
  findApiKeyByHash,
  recordKeyUse,
  type NewKeyRequest,
} from "./api-keys/api-keys.ts";
export { scopeFromDb, scopeToDb } from "./api-keys/scopes.ts";
export { hashApiKey } from "./api-keys/hash-api-key.ts";
export * from "./catalog/products.ts";
export { saleStatement, sellBooking } from "./bookings/sell-booking.ts";
export { applyBookingCancellations, cancelBookingInTx, type CancelRefund } from "./bookings/cancel-booking.ts";
export {
  confirmHoldInTx,
  confirmHoldsInTx,
  type HoldConfirmation,
  type HoldsConfirmation,
  type HoldToConfirm,
} from "./bookings/confirm-hold.ts";
export { changeBookingInTx, type BookingChange } from "./bookings/change-booking.ts";
export { expireHolds } from "./bookings/expire-holds.ts";
export { mergeBookingSearchPending } from "./bookings/merge-search-pending.ts";
export { lockBookingInTx, type LockedBooking } from "./bookings/lock-booking.ts";
export type { NewBooking, BookableProduct, CustomerDetails } from "./bookings/booking-types.ts";
export { placePaidOrder, placePaidOrderInTx, type PaidOrderInput } from "./orders/place-paid-order.ts";
export { checkoutOrder, checkoutOrderInTx, type CheckoutInput } from "./orders/checkout-order.ts";
export { settlePayment, settlePaymentInTx, type PaymentOutcome } from "./orders/settle-payment.ts";
export { recordUsage, recordBuiltInUsage, type RecordedUsage, type UsageRecordInput } from "./usage/record-usage.ts";
export { recordUsageBatch, type BatchEntry } from "./usage/record-usage-batch.ts";
export { createUsageWriter, type UsageWriter, type UsageWriterOptions } from "./usage/usage-writer.ts";
export type { GroupedEntry } from "./usage/record-usage-together.ts";
export { markEmailsSent, markEmailSentInTx, type SentEmail } from "./email/mark-email-sent.ts";
export { queueEmail, type EmailToQueue } from "./email/queue-email.ts";
export { notifyWaitlistInTx } from "./waitlist/notify-waitlist.ts";
export { hashPassword, verifyPassword } from "./auth/password.ts";
export { runMigrations } from "./migrate/run-migrations.ts";
export {
  claimIdempotencyKey,
  IDEMPOTENCY_TTL_MS,
  STALE_CLAIM_MS,
  type Claim,
  type ClaimRequest,
  type StoredResponse,
} from "./idempotency/idempotency.ts";
export { runIdempotent, type IdempotentResponse } from "./idempotency/run-idempotent.ts";
export { findBooking } from "./bookings/find-booking.ts";
export {
  extendHoldInTx,
  findOctoBooking,
  octoBookings,
  OCTO_BOOKINGS_LIMIT,
  updateOctoDetailsInTx,
  type OctoBookingsQuery,
  type OctoDetails,
} from "./bookings/octo-bookings.ts";
export {
  confirmOctoHold,
  extendOctoHold,
  noteOctoDetails,
  reserveOctoHold,
  updateOctoBooking,
  type OctoPlacesChange,
  type OctoWriter,
} from "./bookings/octo-writes.ts";
export { checkHoldBudgetInTx, type HoldHolder } from "./bookings/hold-budget.ts";
export { compactUsage, type Compaction } from "./usage/compact-usage.ts";
export {
  dropExpiredUsagePartitions,
  makeUsagePartitions,
  PARTITION_MONTHS_AHEAD,
  type PartitionUpkeep,
} from "./usage/usage-partitions.ts";
export { usageTotals } from "./usage/summarize-usage.ts";
export { usageTotalsByDimensions } from "./usage/summarize-usage-by-dimensions.ts";
export {
  dueEmails,
  claimEmailSends,
  findOutboxEmails,
  noteSendFailure,
  MAX_SEND_ATTEMPTS,
  type ClaimedEmail,
} from "./email/outbox.ts";
export { AVAILABILITY_CHANGES_KEEP_MS, purgeExpired, PURGE_BATCH, type Purged } from "./retention/purge-expired.ts";
export {
  checkCredentials,
  consoleUserWithOperator,
  createSession,
  findSession,
  endSession,
  SESSION_DAYS,
} from "./auth/sessions.ts";
export { applyTimeslotChange, changeTimeslotInTx } from "./catalog/change-timeslot.ts";
export { usageSeries } from "./usage/usage-series.ts";
export { listBookings, BOOKING_SORTS, type BookingListQuery, type BookingSort } from "./bookings/list-bookings.ts";
export { bookingDetail } from "./bookings/booking-detail.ts";
export { listActivities, timeslotsWithWaitlist } from "./catalog/availability-grid.ts";
export { listOutbox, type OutboxQuery } from "./email/list-outbox.ts";
export {
  listenForChanges,
  CHANGES_CHANNEL,
  CHANGES_LISTENER_NAME,
  type ChangeFeed,
  type ChangeHandlers,
} from "./changes/listen-for-changes.ts";
export { changeAnnouncer, type ChangeAnnouncer } from "./changes/announce-changes.ts";
export {
  availabilityFeedHead,
  readAvailabilityChanges,
  type AvailabilityChangeRow,
  type AvailabilityFeedPage,
} from "./changes/availability-feed.ts";
export { partnerBookings, PARTNER_BOOKINGS_PAGE, type PartnerBookingsQuery } from "./bookings/partner-bookings.ts";
export {
  addUnitType,
  changeUnitType,
  productUnitTypes,
  retireUnitType,
  type UnitTypeChange,
} from "./catalog/product-units.ts";
export {
  changeMeterDefinition,
  createMeterDefinition,
  deleteMeterDefinition,
  listMeterDefinitions,
  meterUnits,
  type CreatedDefinition,
  type MeterDefinitionRecord,
} from "./meters/meter-definitions.ts";
export {
  listThresholdNotices,
  levelKey,
  noticedLevels,
  noticeThresholdCrossed,
  watchedThresholds,
  type ThresholdCrossing,
} from "./meters/threshold-notices.ts";
export type { WebhookEvent } from "./generated/prisma/client.ts";
export {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  type NewWebhookEndpoint,
} from "./webhooks/webhook-endpoints.ts";
export {
  claimWebhookDeliveries,
  dueWebhookDeliveries,
  recordWebhookAttempts,
  redeliverWebhook,
  WEBHOOKS_TOPIC,
  type ClaimedWebhookDelivery,
  type DueWebhookDelivery,
  type WebhookAttemptRecord,
} from "./webhooks/webhook-deliveries.ts";
export { listWebhookDeliveries } from "./webhooks/webhook-log.ts";
export { disableFailingWebhookEndpoints, WEBHOOK_DISABLE_AFTER_MS } from "./webhooks/webhook-endpoint-health.ts";
export { bookingSnapshot, timeslotSnapshot } from "./webhooks/webhook-snapshots.ts";
export * from "./catalog/operator-activities.ts";
export {
  createSchedule,
  createScheduleInTx,
  deleteSchedule,
  listSchedules,
  scheduleDryRun,
  topUpSchedules,
  type ScheduleDryRun,
  type ScheduleRecord,
} from "./catalog/schedules.ts";
export { addClosure, addClosureInTx, listClosures, type ClosureRecord } from "./catalog/closures.ts";
export { listOperatorPartners } from "./catalog/operator-partners.ts";
export { addOneOffTimeslot, patchTimeslotAt } from "./catalog/one-off-timeslots.ts";
export { holdPartnerOrderInTx, findPartnerOrder, type PartnerOrderInput } from "./orders/partner-orders.ts";
export {
  ticketsOf,
  findTicket,
  scannedTicket,
  checkInTicket,
  type ScannedTicket,
  type TicketRow,
} from "./tickets/tickets.ts";
export { dayManifest, markNoShows } from "./tickets/manifest.ts";
