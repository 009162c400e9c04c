/** What each problem `type` means, for the page its URL serves. */
export const PROBLEM_KINDS = {
  "invalid-parameter": {
    status: 400,
    title: "Invalid path parameter",
    help: "A path parameter is malformed. An ActivityID is s_ followed by 6 to 32 letters or digits.",
  },
  "bad-request": {
    status: 400,
    title: "Bad request",
    help: "The combination of query parameters is not allowed, e.g. resolve-product needs exactly one of ID and Name.",
  },
  "malformed-json": { status: 400, title: "Malformed JSON", help: "The request body could not be parsed as JSON." },
  unauthorized: {
    status: 401,
    title: "Unauthorized",
    help: "Send a valid API key as Authorization: Bearer <key>. Keys can be unknown, revoked or expired.",
  },
  "invalid-signature": {
    status: 401,
    title: "Invalid signature",
    help: "The call's Slotwise-Signature header is missing, does not sign this body with the shared secret, or is more than 5 minutes old.",
  },
  forbidden: {
    status: 403,
    title: "Forbidden",
    help: "The key is valid but lacks the scope the path needs, or is used under another partner's path segment.",
  },
  "not-found": {
    status: 404,
    title: "Not found",
    help: "The product, activity, timeslot, booking or path does not exist for your operator.",
  },
  "method-not-allowed": {
    status: 405,
    title: "Method not allowed",
    help: "The path exists but not with this method; the Allow header lists the methods it takes.",
  },
  "insufficient-capacity": {
    status: 409,
    title: "Insufficient capacity",
    help: "Fewer places are left than Participants; `available` says how many. Offer the customer another timeslot.",
  },
  "timeslot-unavailable": {
    status: 409,
    title: "Timeslot unavailable",
    help: "The timeslot has started, is past its booking cut-off, or is closed.",
  },
  "hold-expired": {
    status: 409,
    title: "Hold expired",
    help: "The hold passed its ExpiresAt before it was confirmed, and its places were released. Book again if places are still free.",
  },
  "hold-limit-reached": {
    status: 409,
    title: "Hold limit reached",
    help: "Your unconfirmed holds already take as many places as one API key, or one partner, may hold at once. Confirm or cancel holds, or wait for them to expire, then hold again; a booking with a customer is not limited.",
  },
  "booking-not-changeable": {
    status: 409,
    title: "Booking not changeable",
    help: "The booking is cancelled or expired, or its timeslot has started: it can no longer be confirmed or changed.",
  },
  "schedule-overlap": {
    status: 409,
    title: "Schedule overlap",
    help: "The schedule's start times clash with another active schedule of the activity; `clash` names the first shared start.",
  },
  "timeslot-exists": {
    status: 409,
    title: "Timeslot exists",
    help: "The activity already has a timeslot starting at that date and time: change it instead.",
  },
  "capacity-below-taken": {
    status: 409,
    title: "Capacity below places taken",
    help: "A timeslot's capacity cannot go below the places already taken; `taken` says how many.",
  },
  "currency-locked": {
    status: 409,
    title: "Currency locked",
    help: "The activity has bookings, which keep their prices in its currency: the currency can no longer change.",
  },
  "time-zone-locked": {
    status: 409,
    title: "Time zone locked",
    help: "The activity has timeslots, whose local times (and its schedules') are in its time zone: the zone can no longer change.",
  },
  "not-cancellable": {
    status: 409,
    title: "Not cancellable",
    help: "The booking's cancellation policy does not let partners cancel it now; the operator still can.",
  },
  "ticket-void": {
    status: 409,
    title: "Ticket void",
    help: "The ticket's booking is cancelled or expired (or still an unconfirmed hold): nobody may be checked in with it.",
  },
  "ticket-gone": {
    status: 410,
    title: "Gone",
    help: "The ticket's booking is cancelled or expired: its QR image is no longer served, so nobody can scan it. The ticket page shows the ticket as void.",
  },
  "ticket-wrong-day": {
    status: 409,
    title: "Ticket for another day",
    help: "The ticket is for a timeslot that is not today in the activity's time zone; `date` is the day it is for.",
  },
  "timeslot-not-ended": {
    status: 409,
    title: "Timeslot not ended",
    help: "Guests can be marked as not come only once their timeslot has ended (its start plus the activity's duration).",
  },
  "delivery-in-flight": {
    status: 409,
    title: "Delivery in flight",
    help: "The webhook delivery's attempt is on its way to the receiver; redeliver it once that attempt ends, so the receiver gets one copy at a time.",
  },
  "delivery-superseded": {
    status: 409,
    title: "Delivery superseded",
    help: "This availability change was replaced by a later change of its timeslot before it was sent; sending it now would leave the receiver with older availability than it has. The later delivery carries the timeslot as it is.",
  },
  "idempotency-conflict": {
    status: 409,
    title: "Request in progress",
    help: "A request with the same Idempotency-Key is still being processed. Retry shortly.",
  },
  "cursor-expired": {
    status: 410,
    title: "Gone",
    help: "The availability feed keeps changes 7 days and this cursor points before them. Resynchronise with the calendar, then follow the feed from a new cursor (leave cursor out).",
  },
  "payload-too-large": {
    status: 413,
    title: "Payload too large",
    help: "Request bodies are limited to 64 KiB, and usage batches to 1 MiB.",
  },
  "uri-too-long": {
    status: 414,
    title: "URI too long",
    help: "The request target (path and query) is longer than 8,192 characters.",
  },
  "headers-too-large": {
    status: 431,
    title: "Request header fields too large",
    help: "Request headers are limited to 16 KiB in all.",
  },
  "unsupported-media-type": {
    status: 415,
    title: "Unsupported media type",
    help: "Send request bodies as JSON with Content-Type: application/json.",
  },
  validation: {
    status: 422,
    title: "Validation failed",
    help: "A query parameter or body field is missing or invalid. `errors` lists each failing field by its dotted path.",
  },
  "idempotency-key-reuse": {
    status: 422,
    title: "Idempotency key reused",
    help: "The Idempotency-Key was used before with a different request. Use a new key for a new request.",
  },
  "rate-limited": {
    status: 429,
    title: "Rate limited",
    help: "A budget is spent: the key's request rate, the address's failed authentications or sign-ins, or its shopfront orders. Wait for the seconds in Retry-After.",
  },
  internal: {
    status: 500,
    title: "Internal error",
    help: "Something went wrong on our side. Retry later, and quote the X-Request-Id header if it persists.",
  },
  unavailable: {
    status: 503,
    title: "Service unavailable",
    help: "The service cannot reach its database right now, or the process that received the request is shutting down. Retry shortly.",
  },
} as const satisfies Record<string, { status: number; title: string; help: string }>;

/** Every problem this API can answer: the `kind` of a problem document, and the last segment of its `type`. */
export type ProblemKind = keyof typeof PROBLEM_KINDS;

export function isProblemKind(kind: string): kind is ProblemKind {
  return Object.hasOwn(PROBLEM_KINDS, kind);
}
