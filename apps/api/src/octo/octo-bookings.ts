import { createHash, randomUUID } from "node:crypto";

import {
  BookingStatus,
  CapabilityId,
  DeliveryMethod,
  Refund,
  type BookingContact,
  type Contact,
  type Booking as OctoBooking,
  type UnitItem,
} from "@octocloud/types";
import type { z } from "zod";

import {
  ACTIVITY_ID_PATTERN,
  effectiveStatus,
  holdDeadline,
  instantToLocal,
  pricedUnitsSchema,
  sameUnits,
  waiverStatus,
  type UnitQuantity,
} from "@slotwise/core";
import {
  confirmOctoHold,
  extendOctoHold,
  findOctoBooking,
  noteOctoDetails,
  octoBookings,
  reserveOctoHold,
  ticketsOf,
  updateOctoBooking,
  type Booking,
  type CustomerDetails,
  type OctoPlacesChange,
  type OctoWriter,
  type Product,
  type ProductWithUnits,
  type TicketRow,
} from "@slotwise/db";

import { cacheTags } from "../cache/read-cache.ts";
import { countBooking } from "../metrics/count-booking.ts";
import { toCoreQuestion } from "../presenters/question.ts";
import { cancelBooking, cancellationQuote } from "../services/booking-cancellation.ts";
import { activityQuestions, findActivity } from "../services/find-activity.ts";
import { timeslotAt } from "../services/find-timeslot.ts";
import { holdHolder } from "../services/hold-budget.ts";
import { priceBooking } from "../services/price-booking.ts";
import type { Context, PartnerPrincipal } from "../trpc/context.ts";
import { octoAvailability, parseAvailabilityId } from "./octo-availability.ts";
import { DEFAULT_OPTION_ID, octoPricing, octoProduct, type OctoCapabilities } from "./octo-catalogue.ts";
import {
  badRequest,
  invalidAvailability,
  invalidBooking,
  invalidOption,
  invalidProduct,
  invalidUnit,
  unprocessable,
} from "./octo-errors.ts";
import type { bookingsQuery, confirmationBody, reservationBody, updateBody } from "./octo-inputs.ts";
import { checkedAnswers, octoQuestionAnswers } from "./octo-questions.ts";
import { octoTickets } from "./octo-tickets.ts";
import { octoUtc } from "./octo-time.ts";

/** A reservation's hold when the reseller names no expiry, as OCTO suppliers commonly hold. */
export const DEFAULT_EXPIRATION_MINUTES = 30;

export type OctoContext = Context & { principal: PartnerPrincipal };

/** What OCTO keeps beside the booking's columns (`octo_extra`). */
interface OctoExtra {
  contact?: BookingContact;
  cancellationReason?: string | null;
}

const actor = (ctx: OctoContext) => `partner:${ctx.principal.partner.slug}`;
const writer = (ctx: OctoContext): OctoWriter => ({
  actor: actor(ctx),
  clock: () => ctx.now(),
  reminderHoursBefore: ctx.settings.reminderHoursBefore,
});

/** The active product an OCTO product id names, visible to this partner, or INVALID_PRODUCT_ID. */
export async function octoProductById(ctx: OctoContext, productId: string): Promise<ProductWithUnits> {
  // Not the form of any activity id (a NUL, say): unknown, without asking the database.
  if (!ACTIVITY_ID_PATTERN.test(productId)) throw invalidProduct(productId);
  try {
    return await findActivity(ctx, ctx.principal.operatorId, productId);
  } catch (error) {
    if (error instanceof Error && "kind" in error && error.kind === "not-found") throw invalidProduct(productId);
    throw error;
  }
}

export function checkOption(optionId: string): void {
  if (optionId !== DEFAULT_OPTION_ID) throw invalidOption(optionId);
}

/** OCTO's unit items as the quantities of each unit type, every unit known to the product. */
function unitQuantities(product: ProductWithUnits, items: readonly { unitId: string }[]): UnitQuantity[] {
  const counts = new Map<string, number>();
  for (const item of items) {
    if (!product.units.some((unit) => unit.unitId === item.unitId)) throw invalidUnit(item.unitId);
    counts.set(item.unitId, (counts.get(item.unitId) ?? 0) + 1);
  }
  return [...counts].map(([UnitID, Quantity]) => ({ UnitID, Quantity }));
}

/** The timeslot an availability id names, or INVALID_AVAILABILITY_ID. */
async function slotOf(ctx: OctoContext, product: Product, availabilityId: string) {
  const local = parseAvailabilityId(availabilityId);
  if (!local) throw invalidAvailability(availabilityId);
  try {
    return await timeslotAt(ctx, product, local.date, local.time);
  } catch (error) {
    if (error instanceof Error && "kind" in error && error.kind === "not-found")
      throw invalidAvailability(availabilityId);
    throw error;
  }
}

/** Places refused or a timeslot that no longer sells are OCTO's UNPROCESSABLE_ENTITY; field errors BAD_REQUEST. */
function priced(product: ProductWithUnits, units: UnitQuantity[]) {
  return priceBooking(product, { Units: units });
}

/** The customer an OCTO contact gives, merged over the one the booking has; null without an e-mail. */
function customerOf(contact: BookingContact | undefined, before: CustomerDetails | null): CustomerDetails | null {
  if (!contact) return before;
  const [first = "", ...rest] = (contact.fullName ?? "").split(" ").filter(Boolean);
  const email = contact.emailAddress || before?.email;
  if (!email) return null;
  return {
    firstName: contact.firstName ?? before?.firstName ?? first,
    lastName: contact.lastName ?? before?.lastName ?? rest.join(" "),
    email,
    phone: contact.phoneNumber ?? before?.phone ?? "",
  };
}

function customerOfBooking(b: Booking): CustomerDetails | null {
  if (b.customerEmail === null) return null;
  return {
    firstName: b.customerFirstName ?? "",
    lastName: b.customerLastName ?? "",
    email: b.customerEmail,
    phone: b.customerPhone ?? "",
  };
}

function extraOf(b: Booking): OctoExtra {
  return (b.octoExtra ?? {}) as OctoExtra;
}

const orNull = (value: string | null | undefined) => (value ? value : null);

function octoContact(b: Booking): Contact {
  const sent = extraOf(b).contact ?? {};
  const first = orNull(b.customerFirstName);
  const last = orNull(b.customerLastName);
  return {
    fullName: sent.fullName ?? (orNull([first, last].filter(Boolean).join(" ")) || null),
    firstName: first,
    lastName: last,
    emailAddress: b.customerEmail,
    phoneNumber: orNull(b.customerPhone),
    locales: sent.locales ?? [],
    postalCode: sent.postalCode ?? null,
    country: sent.country ?? null,
    notes: sent.notes ?? null,
  };
}

/** A stable UUID for the n-th unit item of a booking: OCTO needs one per item, the booking stores quantities. */
function unitItemUuid(bookingUuid: string, index: number): string {
  const hex = createHash("sha256").update(`${bookingUuid}:${index}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 17), 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const OCTO_STATUS = {
  ON_HOLD: BookingStatus.ON_HOLD,
  CONFIRMED: BookingStatus.CONFIRMED,
  CANCELLED: BookingStatus.CANCELLED,
  EXPIRED: BookingStatus.EXPIRED,
} as const;

/**
 * A booking as OCTO reads it at `now`; the timeslot is read for its availability. `ticketRows`
 * are the booking's tickets when the caller read them with others' (a list reads them at once).
 */
export async function presentOctoBooking(
  ctx: OctoContext,
  b: Booking,
  product: ProductWithUnits,
  caps: OctoCapabilities,
  ticketRows?: readonly TicketRow[],
): Promise<OctoBooking> {
  const now = ctx.now();
  const uuid = b.octoUuid ?? unitItemUuid(b.reference, -1);
  const status = OCTO_STATUS[effectiveStatus(b, now)];
  const local = instantToLocal(b.startsAt, product.timeZone);
  const slot = await timeslotAt(ctx, product, local.date, local.time).catch(() => null);
  const availability = slot ? octoAvailability(slot, product, now, caps) : null;
  const pricing = caps.has(CapabilityId.OCTO_PRICING);
  const questions = caps.has(CapabilityId.OCTO_QUESTIONS) ? await activityQuestions(ctx, product.id) : undefined;
  const contact = octoContact(b);
  const items = pricedUnitsSchema
    .parse(b.units)
    .flatMap((unit) => Array.from({ length: unit.Quantity }, () => ({ unitId: unit.UnitID, pricing: unit.Price })));
  const confirmed = status === BookingStatus.CONFIRMED;
  const rows = confirmed ? (ticketRows ?? (await ticketsOf(ctx.db, [b.id])).get(b.id) ?? []) : [];
  const tickets = octoTickets(
    ctx.settings,
    items.map((item) => item.unitId),
    rows,
    confirmed,
  );
  // Once every person has checked in, the booking is redeemed; until then it stays confirmed.
  const shown = tickets.redeemedAt ? BookingStatus.REDEEMED : status;
  const unitItems: UnitItem[] = items.map((item, index) => {
    const ticket = tickets.perUnitItem[index] ?? null;
    return {
      uuid: unitItemUuid(uuid, index),
      resellerReference: null,
      supplierReference: null,
      unitId: item.unitId,
      status: ticket?.utcRedeemedAt ? BookingStatus.REDEEMED : status,
      utcRedeemedAt: ticket?.utcRedeemedAt ?? null,
      contact,
      ticket,
      ...(pricing ? { pricing: octoPricing(item.pricing, b.currency) } : {}),
      ...(questions ? { questionAnswers: [] } : {}),
    };
  });
  const extra = extraOf(b);
  const view = { product, startTimes: availability ? [local.time] : [], questions };
  // What a cancel through /octo would do now: the partners' one rule, as cancel() applies it
  // (the booking's own policy; none once a guest has checked in).
  const checkedIn = rows.filter((row) => row.checkedInAt !== null).length;
  const cancellable =
    b.startsAt > now &&
    (status === BookingStatus.ON_HOLD ||
      (status === BookingStatus.CONFIRMED && cancellationQuote({ ...b, checkedIn }, now).Cancellable));
  return {
    id: b.reference,
    uuid,
    testMode: false,
    resellerReference: b.resellerReference,
    supplierReference: b.reference,
    status: shown,
    utcCreatedAt: octoUtc(b.createdAt),
    utcUpdatedAt: octoUtc(b.updatedAt),
    utcExpiresAt:
      b.expiresAt && (status === BookingStatus.ON_HOLD || status === BookingStatus.EXPIRED)
        ? octoUtc(b.expiresAt)
        : null,
    utcRedeemedAt: tickets.redeemedAt,
    utcConfirmedAt:
      status === BookingStatus.CONFIRMED || (b.status === "CANCELLED" && b.customerEmail) ? octoUtc(b.updatedAt) : null,
    productId: product.activityId,
    product: octoProduct(view, caps),
    optionId: DEFAULT_OPTION_ID,
    option: octoProduct(view, caps).options[0],
    cancellable,
    cancellation:
      status === BookingStatus.CANCELLED
        ? {
            refund: refundKind(b.refundAmount, b.totalAmount),
            reason: extra.cancellationReason ?? null,
            utcCancelledAt: octoUtc(b.cancelledAt ?? b.updatedAt),
          }
        : null,
    freesale: false,
    availabilityId: availability?.id ?? null,
    availability,
    contact,
    notes: b.notes,
    // One ticket per person (section 20), and the voucher holding all of them.
    deliveryMethods: [DeliveryMethod.TICKET, DeliveryMethod.VOUCHER],
    voucher: tickets.voucher,
    unitItems,
    ...(pricing ? { pricing: octoPricing(b.totalAmount, b.currency) } : {}),
    ...(questions ? { questionAnswers: octoQuestionAnswers(questions, b.answers) } : {}),
  };
}

/** The partner's OCTO booking with this UUID, with its product (archived or not), or INVALID_BOOKING_UUID. */
/** What a stored booking uuid can look like: printable, without spaces, at most 64 characters. */
const BOOKING_UUID = /^[\x21-\x7e]{1,64}$/;

export async function octoBookingByUuid(ctx: OctoContext, uuid: string) {
  const booking = BOOKING_UUID.test(uuid)
    ? await findOctoBooking(ctx.db, ctx.principal.operatorId, ctx.principal.partner.id, uuid)
    : null;
  if (!booking) throw invalidBooking(uuid);
  return { booking, product: await octoBookingProduct(ctx, booking) };
}

/** The booking's product with the units it sells; an archived one's, without units. */
export function octoBookingProduct(ctx: OctoContext, booking: { product: Product }): Promise<ProductWithUnits> {
  return findActivity(ctx, ctx.principal.operatorId, booking.product.activityId).catch(() => ({
    ...booking.product,
    units: [],
  }));
}

/**
 * The partner's OCTO bookings matching the filters as OCTO reads them, their tickets read in
 * one query for all of them.
 */
export async function presentOctoBookings(
  ctx: OctoContext,
  query: BookingsQuery & { productRowId?: number },
  caps: OctoCapabilities,
): Promise<OctoBooking[]> {
  const bookings = await listOctoBookings(ctx, query);
  const tickets = await ticketsOf(
    ctx.db,
    bookings.map((booking) => booking.id),
  );
  return Promise.all(
    bookings.map(async (booking) =>
      presentOctoBooking(ctx, booking, await octoBookingProduct(ctx, booking), caps, tickets.get(booking.id) ?? []),
    ),
  );
}

type Reservation = z.infer<typeof reservationBody>;

/**
 * OCTO's reservation: a hold (contract section 10) through the same sale as every partner
 * booking, in the timeslot's turn. The reseller's UUID is unique per partner: a repeat finds
 * the booking the first made, also when both arrive at once (the second's insert fails on the
 * unique index, and it reads the first's).
 */
export async function reserve(ctx: OctoContext, body: Reservation) {
  const { principal } = ctx;
  const uuid = body.uuid ?? randomUUID();
  const existing = await findOctoBooking(ctx.db, principal.operatorId, principal.partner.id, uuid);
  if (existing) return (await octoBookingByUuid(ctx, uuid)).booking;
  const product = await octoProductById(ctx, body.productId);
  checkOption(body.optionId);
  const units = unitQuantities(product, body.unitItems);
  const slot = await slotOf(ctx, product, body.availabilityId);
  const price = priced(product, units);
  const questions = await activityQuestions(ctx, product.id);
  const waiver = body.questionAnswers
    ? checkedAnswers(questions, body.questionAnswers)
    : { answers: [], waiverStatus: waiverStatus(questions.map(toCoreQuestion), []) };
  const key = `${product.id}:${instantToLocal(slot.startsAt, product.timeZone).date}T${instantToLocal(slot.startsAt, product.timeZone).time}`;
  try {
    const booking = await countBooking(
      ctx.metrics,
      "partner",
      () =>
        ctx.saleTurns.run(ctx.caller, { key }, () =>
          // A reservation is a hold: counted against the budget in the transaction of its sale.
          reserveOctoHold(ctx.db, holdHolder(ctx), writer(ctx), (now) => ({
            product,
            timeslotId: slot.id,
            startsAt: slot.startsAt,
            priced: price,
            customer: customerOf(body.contact ?? undefined, null),
            holdUntil: holdDeadline(now, body.expirationMinutes ?? DEFAULT_EXPIRATION_MINUTES),
            source: "PARTNER",
            partnerId: principal.partner.id,
            apiKeyId: principal.keyId,
            paymentReference: null,
            answers: waiver.answers,
            waiverStatus: waiver.waiverStatus,
            octo: {
              uuid,
              resellerReference: body.resellerReference ?? null,
              notes: body.notes ?? null,
              extra: body.contact ? { contact: body.contact } : {},
            },
          })),
        ),
      () => "held",
    );
    ctx.cache.changed(cacheTags.timeslots(product.id));
    return booking;
  } catch (error) {
    // The same UUID reserved at the same moment: the other request's booking is the answer.
    if (isUniqueViolation(error)) return (await octoBookingByUuid(ctx, uuid)).booking;
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${String((error as { code?: unknown }).code)}` : "";
  return text.includes("23505") || text.includes("P2002") || text.includes("octo_uuid");
}

type Confirmation = z.infer<typeof confirmationBody>;

/** Confirms a hold (section 10) with the contact, and the unit items when given (a change of places, section 12). */
export async function confirm(ctx: OctoContext, uuid: string, body: Confirmation) {
  const { booking, product } = await octoBookingByUuid(ctx, uuid);
  const units = body.unitItems ? unitQuantities(product, body.unitItems) : undefined;
  const customer = customerOf(body.contact, customerOfBooking(booking));
  if (!customer) throw badRequest("contact.emailAddress is required to confirm a booking");
  const answers = body.questionAnswers
    ? checkedAnswers(await activityQuestions(ctx, product.id), body.questionAnswers)
    : undefined;
  const confirmed = await confirmOctoHold(ctx.db, booking.id, writer(ctx), {
    places: units ? placesChange(product, units) : undefined,
    details: { resellerReference: body.resellerReference, extra: { ...extraOf(booking), contact: body.contact } },
    hold: {
      customer,
      answers,
      slot: { productName: product.name, timeZone: product.timeZone },
      cutoffMinutes: product.bookingCutoffMinutes,
    },
  });
  if (booking.status === "ON_HOLD") ctx.metrics.booking("partner", "confirmed");
  ctx.cache.changed(cacheTags.timeslots(product.id));
  return confirmed;
}

/**
 * Section 12's change of the booking's places to what `units` ask for on `timeslotId` (its own
 * when absent): priced again when the units differ from those it bought, or on another product.
 */
function placesChange(
  product: ProductWithUnits,
  units: UnitQuantity[] | undefined,
  timeslotId?: number,
  productId?: number,
): OctoPlacesChange {
  return {
    priceFor: (current) =>
      units && (productId !== undefined || !sameUnits(pricedUnitsSchema.parse(current.units), units))
        ? priced(product, units)
        : undefined,
    timeslotId,
    productId,
    cutoffMinutes: product.bookingCutoffMinutes,
    slot: { productName: product.name, timeZone: product.timeZone },
  };
}

type Update = z.infer<typeof updateBody>;

/**
 * OCTO's update: contact, notes, reseller reference and question answers (replacing the
 * booking's, checked as confirm checks them); unit items, availability and product move the
 * places through section 12's change (all or nothing); `expirationMinutes` extends a hold.
 */
export async function update(ctx: OctoContext, uuid: string, body: Update) {
  const { booking, product: current } = await octoBookingByUuid(ctx, uuid);
  const moves = body.productId !== undefined && body.productId !== current.activityId;
  const product = moves ? await octoProductById(ctx, body.productId as string) : current;
  if (body.optionId !== undefined) checkOption(body.optionId);
  if (moves && product.currency !== current.currency)
    throw unprocessable(`${product.activityId} is sold in ${product.currency}, this booking in ${current.currency}`);
  if (moves && body.availabilityId === undefined)
    throw badRequest("availabilityId is required to move a booking to another product");
  // Moved to another product without unit items, the booking keeps its units, priced there.
  const kept = pricedUnitsSchema
    .parse(booking.units)
    .flatMap((unit) => Array.from({ length: unit.Quantity }, () => ({ unitId: unit.UnitID })));
  const units = body.unitItems
    ? unitQuantities(product, body.unitItems)
    : moves
      ? unitQuantities(product, kept)
      : undefined;
  const slot = body.availabilityId === undefined ? undefined : await slotOf(ctx, product, body.availabilityId);
  const answers = body.questionAnswers
    ? checkedAnswers(await activityQuestions(ctx, product.id), body.questionAnswers)
    : undefined;
  const contact = body.contact ? { ...extraOf(booking).contact, ...body.contact } : undefined;
  const customer = contact ? customerOf(contact, customerOfBooking(booking)) : undefined;
  const { expirationMinutes } = body;
  const updated = await updateOctoBooking(ctx.db, booking.id, writer(ctx), {
    // A hold that grows and stays a hold takes more unconfirmed places: the growth counts as a new hold would.
    holder: holdHolder(ctx),
    places:
      units || (slot && slot.id !== booking.timeslotId)
        ? placesChange(product, units, slot?.id, moves ? product.id : undefined)
        : undefined,
    extendTo: (now) =>
      expirationMinutes !== undefined && effectiveStatus(booking, now) === "ON_HOLD"
        ? holdDeadline(now, expirationMinutes)
        : undefined,
    details: {
      customer: customer ?? undefined,
      resellerReference: body.resellerReference,
      notes: body.notes,
      extra: contact ? { ...extraOf(booking), contact } : undefined,
      answers,
    },
  });
  ctx.cache.changed(cacheTags.timeslots(current.id));
  if (moves) ctx.cache.changed(cacheTags.timeslots(product.id));
  return updated;
}

/** Extends a hold (OCTO's extend): a new deadline counted from now, never past the start. */
export async function extend(ctx: OctoContext, uuid: string, minutes: number | undefined) {
  const { booking } = await octoBookingByUuid(ctx, uuid);
  return extendOctoHold(ctx.db, booking.id, writer(ctx), (now) =>
    holdDeadline(now, minutes ?? DEFAULT_EXPIRATION_MINUTES),
  );
}

/**
 * Cancels through the one cancellation rule (sections 10 and 17), held to the booking's policy
 * as any partner is (refused as UNPROCESSABLE_ENTITY), keeping the reason the reseller gave.
 */
export async function cancel(ctx: OctoContext, uuid: string, reason: string | null | undefined) {
  const { booking } = await octoBookingByUuid(ctx, uuid);
  const now = ctx.now();
  const status = effectiveStatus(booking, now);
  if (status === "CANCELLED") return booking;
  if (status === "EXPIRED") throw unprocessable("This hold has expired: there is nothing to cancel");
  await cancelBooking(ctx, booking, actor(ctx), "partner");
  return noteOctoDetails(ctx.db, booking.id, writer(ctx), {
    extra: { ...extraOf(booking), cancellationReason: reason ?? null },
  });
}

type BookingsQuery = z.infer<typeof bookingsQuery>;

/** The partner's OCTO bookings matching the filters; at least one filter, as OCTO requires. */
async function listOctoBookings(ctx: OctoContext, query: BookingsQuery & { productRowId?: number }) {
  return octoBookings(ctx.db, {
    operatorId: ctx.principal.operatorId,
    partnerId: ctx.principal.partner.id,
    resellerReference: query.resellerReference,
    supplierReference: query.supplierReference,
    productId: query.productRowId,
    localDateStart: query.localDateStart ?? query.localDate,
    localDateEnd: query.localDateEnd ?? query.localDate,
  });
}

/** OCTO's word for the refund a cancel stored: none for a released hold, which was never paid. */
function refundKind(refunded: number | null, total: number): Refund {
  if (refunded === null || refunded <= 0) return Refund.NONE;
  return refunded >= total ? Refund.FULL : Refund.PARTIAL;
}
