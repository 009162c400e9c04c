import {
  DEFAULT_UNIT_ID,
  isFieldError,
  priceUnits,
  type PricedBooking,
  type UnitQuantity,
  type WaiverAnswer,
} from "@slotwise/core";

import type { CustomerDetails } from "../bookings/booking-types.ts";
import { cancelBookingInTx } from "../bookings/cancel-booking.ts";
import { sellBooking } from "../bookings/sell-booking.ts";
import { checkoutOrderInTx } from "../orders/checkout-order.ts";
import { placePaidOrderInTx } from "../orders/place-paid-order.ts";
import { settlePaymentInTx } from "../orders/settle-payment.ts";
import type { Tx } from "../tx.ts";
import type { OperatorSpec } from "./catalog.ts";
import type { SeededCatalog, SeededProduct } from "./seed-operator.ts";
import type { SeededRandom } from "./seeded-random.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Slot {
  id: number;
  startsAt: Date;
  capacity: number;
  placesTaken: number;
  product: SeededProduct;
}

/**
 * Bookings from all three channels through the production code paths (partner bookings,
 * shopfront checkouts and point-of-sale orders), each made at a backdated moment before its
 * timeslot; a few cancelled; some future timeslots sold out or nearly, with people waiting;
 * some past sell-outs whose cancellation notified the waitlist.
 */
export async function seedBookings(
  tx: Tx,
  spec: OperatorSpec,
  catalog: SeededCatalog,
  anchor: Date,
  random: SeededRandom,
): Promise<void> {
  const byProduct = new Map(catalog.products.map((p) => [p.id, p]));
  const rows = await tx.timeslot.findMany({
    where: {
      productId: { in: [...byProduct.keys()] },
      startsAt: { gte: new Date(anchor.getTime() - 90 * DAY), lt: new Date(anchor.getTime() + 30 * DAY) },
    },
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
  });
  const slots: Slot[] = rows.flatMap((r) => {
    const product = byProduct.get(r.productId);
    return product ? [{ ...r, product }] : [];
  });
  const future = slots.filter((s) => s.startsAt.getTime() > anchor.getTime() + DAY);
  const past = slots.filter((s) => s.startsAt.getTime() < anchor.getTime() - DAY);
  const smallFuture = future.filter((s) => s.capacity <= 12);
  const [soldOut, nearlyFull, closing] = [
    random.sample(smallFuture, 5),
    random.sample(smallFuture, 5),
    random.sample(future, 4),
  ];
  const special = new Set([...soldOut, ...nearlyFull, ...closing].map((s) => s.id));
  const pastSellOuts = random.sample(
    past.filter((s) => s.capacity <= 12),
    4,
  );
  const ctx = { tx, spec, catalog, anchor, random };

  let made = 0;
  for (const slot of soldOut) made += await fill(ctx, slot, slot.capacity);
  for (const slot of nearlyFull) made += await fill(ctx, slot, slot.capacity - 1);
  for (const slot of soldOut) await joinWaitlist(ctx, slot, random.int(1, 3), bookedAt(ctx, slot));
  for (const slot of pastSellOuts) {
    made += await fill(ctx, slot, slot.capacity);
    const joined = bookedAt(ctx, slot);
    await joinWaitlist(ctx, slot, 2, joined);
    const first = await tx.booking.findFirstOrThrow({ where: { timeslotId: slot.id }, orderBy: { id: "asc" } });
    await cancelBookingInTx(tx, first.id, "console:" + spec.user.email, new Date(joined.getTime() + 2 * HOUR));
  }
  const ordinary = slots.filter((s) => !special.has(s.id) && !pastSellOuts.includes(s));
  while (made < spec.bookings) {
    const slot = random.pick(ordinary);
    const free = slot.capacity - slot.placesTaken;
    if (free < slot.product.minParticipants) continue;
    const id = await book(
      ctx,
      slot,
      random.int(slot.product.minParticipants, Math.min(slot.product.maxParticipants, free, 4)),
    );
    made += 1;
    if (random.chance(0.07)) {
      const cancelAt = new Date(
        Math.min(slot.startsAt.getTime() - slot.product.bookingCutoffMinutes * 60_000 - HOUR, anchor.getTime() - HOUR),
      );
      const booking = await tx.booking.findUniqueOrThrow({ where: { id } });
      if (cancelAt > booking.createdAt) {
        await cancelBookingInTx(tx, id, random.chance(0.5) ? "console:" + spec.user.email : "system", cancelAt);
        slot.placesTaken -= booking.participants;
      }
    }
  }
  for (const slot of closing) {
    await tx.timeslot.update({
      where: { id: slot.id },
      data: { closed: true, updatedAt: new Date(anchor.getTime() - 2 * DAY) },
    });
  }
}

interface SeedContext {
  tx: Tx;
  spec: OperatorSpec;
  catalog: SeededCatalog;
  anchor: Date;
  random: SeededRandom;
}

async function fill(ctx: SeedContext, slot: Slot, target: number): Promise<number> {
  let made = 0;
  while (slot.placesTaken < target) {
    const free = target - slot.placesTaken;
    if (free < slot.product.minParticipants) break;
    await book(
      ctx,
      slot,
      ctx.random.int(slot.product.minParticipants, Math.min(slot.product.maxParticipants, free, 3)),
    );
    made += 1;
  }
  return made;
}

/** A moment before the slot's sales close, within the last 100 days and before the seed's anchor. */
function bookedAt(ctx: SeedContext, slot: Slot): Date {
  const salesClose = slot.startsAt.getTime() - slot.product.bookingCutoffMinutes * 60_000 - HOUR;
  const latest = Math.min(salesClose, ctx.anchor.getTime() - 6 * HOUR);
  const earliest = Math.max(ctx.anchor.getTime() - 100 * DAY, latest - 25 * DAY);
  return new Date(ctx.random.int(earliest, latest));
}

/** A party of `participants`: adults, with children or seniors in half of them where the activity sells those. */
function partyOf(ctx: SeedContext, product: SeededProduct, participants: number): PricedBooking {
  const others = product.units.filter((unit) => unit.unitId !== DEFAULT_UNIT_ID);
  let requested: UnitQuantity[] = [{ UnitID: DEFAULT_UNIT_ID, Quantity: participants }];
  if (others.length > 0 && participants >= 2 && ctx.random.chance(0.5)) {
    const other = ctx.random.pick(others).unitId;
    const quantity = ctx.random.int(1, participants - 1);
    requested = [
      { UnitID: DEFAULT_UNIT_ID, Quantity: participants - quantity },
      { UnitID: other, Quantity: quantity },
    ];
  }
  const priced = priceUnits(product.units, requested);
  if (isFieldError(priced)) throw new Error(`The demo catalog cannot price its own booking: ${priced.message}`);
  return priced;
}

async function book(ctx: SeedContext, slot: Slot, participants: number): Promise<number> {
  const { tx, random, catalog } = ctx;
  const now = bookedAt(ctx, slot);
  const customer = newCustomer(ctx);
  const channel = random.pick([
    "PARTNER",
    "PARTNER",
    "PARTNER",
    "PARTNER",
    "ONLINE",
    "ONLINE",
    "ONLINE",
    "POS",
    "POS",
  ] as const);
  const answers = channel === "PARTNER" && random.chance(0.25) ? [] : completeAnswers(slot.product, customer, random);
  const waiverStatus = slot.product.questions.some((q) => q.required) && answers.length === 0 ? "pending" : "complete";
  const common = {
    product: slot.product,
    timeslotId: slot.id,
    startsAt: slot.startsAt,
    priced: partyOf(ctx, slot.product, participants),
    customer,
    answers,
    waiverStatus,
    now,
    random: random.bytes,
  } as const;
  let bookingId: number;
  if (channel === "PARTNER") {
    const partner = random.pick(catalog.partners);
    const booking = await sellBooking(tx, {
      ...common,
      source: "PARTNER",
      partnerId: partner.id,
      paymentReference: `${partner.paymentPrefix}-${random.digits(8)}`,
      actor: `partner:${partner.slug}`,
    });
    bookingId = booking.id;
  } else if (channel === "ONLINE") {
    // As the shop sells: a checkout holds the places, and the payment provider's success,
    // a minute later, confirms them and counts the order.
    const { order, booking } = await checkoutOrderInTx(tx, {
      ...common,
      holdUntil: new Date(now.getTime() + 15 * 60_000),
      actor: "shopfront",
    });
    await settlePaymentInTx(tx, {
      orderId: order.id,
      succeeded: true,
      paymentReference: `pi_${random.faker.string.alphanumeric(24)}`,
      now: new Date(now.getTime() + 60_000),
    });
    bookingId = booking.id;
  } else {
    const { booking } = await placePaidOrderInTx(tx, {
      ...common,
      channel,
      paymentReference: `POS-${random.digits(6)}`,
      actor: `console:${ctx.spec.user.email}`,
    });
    bookingId = booking.id;
  }
  slot.placesTaken += participants;
  return bookingId;
}

async function joinWaitlist(ctx: SeedContext, slot: Slot, count: number, at: Date): Promise<void> {
  for (let i = 0; i < count; i++) {
    const customer = newCustomer(ctx);
    await ctx.tx.waitlistEntry.create({
      data: {
        operatorId: ctx.catalog.operatorId,
        timeslotId: slot.id,
        multiBookingId: `mb_${ctx.random.faker.string.alphanumeric(12)}`,
        customerFirstName: customer.firstName,
        customerLastName: customer.lastName,
        customerEmail: customer.email,
        customerPhone: customer.phone,
        participants: ctx.random.int(1, 2),
        createdAt: new Date(at.getTime() + (i + 1) * 60_000),
      },
    });
  }
}

function newCustomer({ random, spec }: SeedContext): CustomerDetails {
  const firstName = random.faker.person.firstName();
  const lastName = random.faker.person.lastName();
  const [prefix, digits] = random.pick(spec.phones);
  return {
    firstName,
    lastName,
    email: random.faker.internet
      .email({ firstName, lastName, provider: random.pick(["example.com", "example.org", "example.net"]) })
      .toLowerCase(),
    phone: prefix + random.digits(digits),
  };
}

function completeAnswers(product: SeededProduct, customer: CustomerDetails, random: SeededRandom): WaiverAnswer[] {
  return product.questions
    .filter((q) => q.required || random.chance(0.5))
    .map((q) => ({ QuestionID: q.id, Value: answerFor(q, customer, random) }));
}

function answerFor(
  question: SeededProduct["questions"][number],
  customer: CustomerDetails,
  random: SeededRandom,
): unknown {
  switch (question.type) {
    case "boolean":
      return true;
    case "date":
      return `${random.int(1960, 2008)}-${String(random.int(1, 12)).padStart(2, "0")}-${String(random.int(1, 28)).padStart(2, "0")}`;
    case "select":
      return random.pick(question.options);
    case "multiselect":
      return random.sample(question.options, random.int(0, 2));
    case "file":
      return `https://files.example.com/waivers/${random.faker.string.alphanumeric(16)}.pdf`;
    case "signature":
      return `${customer.firstName} ${customer.lastName}`;
    default:
      return random.pick([
        "none",
        "No allergies",
        "Hotel Avenida Palace",
        "First time on a boat!",
        "Celebrating a birthday",
      ]);
  }
}
