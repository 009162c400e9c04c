// A partner booking: its checks, the refusal its cached read decides, and its sale in the
// timeslot's turn. The checks and the read are shared by its procedure
// (routers/bookings/create-booking.ts) and the early refusal (fast-paths/early-refusal.ts), so
// that both decide alike.

import type { z } from "zod";

import {
  answersProblems,
  holdDeadline,
  placesRefusal,
  ValidationError,
  waiverStatus,
  type PricedBooking,
} from "@slotwise/core";
import { sellBooking, type Db, type Product, type Tx } from "@slotwise/db";

import type { Caller } from "../auth/caller.ts";
import { cacheTags } from "../cache/read-cache.ts";
import { scopedRequest, withIdempotency } from "../idempotency/with-idempotency.ts";
import { customerDetails } from "../presenters/booking.ts";
import { toCoreQuestion } from "../presenters/question.ts";
import type { Context, PartnerPrincipal } from "../trpc/context.ts";
import type { bookingInputSchema } from "./book-timeslot.schema.ts";
import { bookingAnswer } from "./booking-answer.ts";
import { activityQuestions, findActivity } from "./find-activity.ts";
import { timeslotAt } from "./find-timeslot.ts";
import { checkRequestHoldBudgetInTx } from "./hold-budget.ts";
import { priceBooking } from "./price-booking.ts";

/** The booking's REST path under the API's prefix, in OpenAPI's spelling. */
export const BOOKING_PATH = "/ota/{partner}/booking";

type BookingInput = z.infer<typeof bookingInputSchema>;

/** A timeslot's key among the turns of its sales (`SaleTurns`). */
export function slotKey(product: Product, input: Pick<BookingInput, "Date" | "Time">): string {
  return `${product.id}:${input.Date}T${input.Time}`;
}

/**
 * A timeslot as the turns of its sales know it: its key (`slotKey`) and, for a booking through
 * the booking path, how its request named it: the partner and the ActivityID, Date and Time as
 * sent, all that the REST edge knows of a timeslot before it reads anything. A sale that never
 * comes through that edge (OCTO's reservation) names none.
 */
export type SaleSlot =
  | { readonly key: string; readonly partner?: undefined }
  | {
      readonly key: string;
      readonly partner: string;
      readonly asked: Pick<BookingInput, "ActivityID" | "Date" | "Time">;
    };

/**
 * How the partner sales of one timeslot take turns on this process (fast-paths/timeslot-turns.ts):
 * one at a time, each reading the timeslot after the one before it has sold.
 */
export interface SaleTurns {
  /**
   * Runs `sale` in the timeslot's turn: the one the REST edge already holds for this request
   * (sent by `caller`), or a new one in the queue. A timeslot with another sale queued or running
   * is noted as contended.
   */
  run<T>(caller: Caller, slot: SaleSlot, sale: () => Promise<T>): Promise<T>;
  /** Notes the timeslot contended (its read refused a booking): the edge may refuse its next attempts early. */
  noteContended(slot: SaleSlot): void;
}

/**
 * What a booking is checked against before its sale: the activity, its questions, and `check`,
 * the checks against today's catalogue (units, prices, bounds, answers). With an
 * Idempotency-Key they run inside the claimed work, so that a replay gets its first answer even
 * after the operator has repriced or retired a unit since.
 */
export async function bookingChecks(ctx: Context, operatorId: number, input: BookingInput) {
  const product = await findActivity(ctx, operatorId, input.ActivityID);
  const questions = (await activityQuestions(ctx, product.id)).map(toCoreQuestion);
  const answers = input.Answers ?? [];
  const check = () => {
    const priced = priceBooking(product, input);
    const problems = input.Answers ? answersProblems(questions, answers) : [];
    if (problems.length) throw new ValidationError(problems);
    return priced;
  };
  return { product, questions, answers, check };
}

/** The timeslot as the cache has it, and the refusal that read alone decides (none without `checked`). */
export async function readRefusal(
  ctx: Context,
  product: Product,
  input: BookingInput,
  checked: PricedBooking | undefined,
) {
  const slot = await timeslotAt(ctx, product, input.Date, input.Time);
  const refusal = checked ? placesRefusal(slot, checked.participants, product.bookingCutoffMinutes, ctx.now()) : null;
  return { slot, refusal };
}

/**
 * Books or holds places of a timeslot for the key's partner, in the timeslot's turn
 * (`ctx.saleTurns`). The HTTP status and headers go out through `ctx.response`.
 */
export async function bookTimeslot(ctx: Context & { principal: PartnerPrincipal }, input: BookingInput) {
  const { principal } = ctx;
  const { product, questions, answers, check } = await bookingChecks(ctx, principal.operatorId, input);
  const checked = ctx.idempotencyKey === undefined ? check() : undefined;
  const partner = principal.partner;
  const turn: SaleSlot = { key: slotKey(product, input), partner: partner.slug, asked: input };
  return ctx.saleTurns.run(ctx.caller, turn, async () => {
    // Refused from the read alone, without a transaction: in a rush, the waiters behind the
    // sale of the last place end here. The conditional UPDATE still decides the rest. Not
    // with an Idempotency-Key: a replay must get its first answer, even once the slot is full.
    const { slot, refusal } = await readRefusal(ctx, product, input, checked);
    if (refusal) {
      ctx.saleTurns.noteContended(turn);
      throw refusal;
    }
    const sell = async (tx: Db) => {
      const now = ctx.now();
      const booking = await sellBooking(tx, {
        product,
        timeslotId: slot.id,
        startsAt: slot.startsAt,
        priced: checked ?? check(),
        customer: input.Customer ? customerDetails(input.Customer) : null,
        holdUntil: input.HoldMinutes === undefined ? undefined : holdDeadline(now, input.HoldMinutes),
        source: "PARTNER",
        partnerId: partner.id,
        apiKeyId: principal.keyId,
        paymentReference: input.PaymentReference ?? null,
        answers,
        waiverStatus: waiverStatus(questions, answers),
        actor: `partner:${partner.slug}`,
        now,
        reminderHoursBefore: ctx.settings.reminderHoursBefore,
      });
      return bookingAnswer({ db: tx, settings: ctx.settings }, booking, product, now, {
        status: 201,
        headers: { Location: `/api/v2/ota/${partner.slug}/booking/${booking.reference}` },
      });
    };
    // A hold is counted against the key's and the partner's budget in the transaction of its sale.
    const hold = async (tx: Tx) => {
      await checkRequestHoldBudgetInTx(tx, ctx, (checked ?? check()).participants);
      return sell(tx);
    };
    const scope = `POST /ota/${partner.slug}/booking`;
    const request = scopedRequest(input, { partner: partner.slug });
    // Without a key a sale is one statement: no transaction around it.
    const result =
      input.HoldMinutes === undefined
        ? await withIdempotency(ctx, scope, request, sell, { withoutKey: () => sell(ctx.db) })
        : await withIdempotency(ctx, scope, request, hold);
    // This process reads its own writes at once; the others are told after the commit.
    ctx.cache.changed(cacheTags.timeslots(product.id));
    return result;
  });
}
