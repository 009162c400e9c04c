import { z } from "zod";

import {
  ALPHANUMERIC,
  ConflictError,
  holdDeadline,
  NotFoundError,
  randomString,
  ValidationError,
  waiverStatus,
} from "@slotwise/core";
import { holdPartnerOrderInTx, type PartnerOrderInput, type Product } from "@slotwise/db";

import { cacheTags } from "../../cache/read-cache.ts";
import { scopedRequest, withIdempotency } from "../../idempotency/with-idempotency.ts";
import { customerDetails } from "../../presenters/booking.ts";
import { orderSchema } from "../../presenters/order-schema.ts";
import { presentOrder } from "../../presenters/order.ts";
import { bookingChecks } from "../../services/book-timeslot.ts";
import { timeslotAt } from "../../services/find-timeslot.ts";
import { checkRequestHoldBudgetInTx } from "../../services/hold-budget.ts";
import { partnerProcedure } from "../../trpc/procedures.ts";
import { createOrderInput } from "./create-order.schema.ts";

/** What an item's refusal says, naming the item: `Items[2].Units`, `Items[2]: …`. */
function aboutItem(index: number, error: unknown): unknown {
  if (error instanceof ValidationError)
    return new ValidationError(error.errors.map((e) => ({ field: `Items[${index}].${e.field}`, message: e.message })));
  if (error instanceof NotFoundError) return new NotFoundError(`Items[${index}]: ${error.message}`);
  if (error instanceof ConflictError)
    return new ConflictError(error.kind, `Items[${index}]: ${error.message}`, { ...error.extra, item: index });
  return error;
}

export const createOrder = partnerProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/ota/{partner}/orders",
      tags: ["Orders"],
      summary: "Hold several timeslots as one order",
      description:
        "Holds every item (a booking body each, up to 10) for HoldMinutes, or none of them: the first item that cannot be held is named in the 409 (`item`, its index, with `available`). Items on the same timeslot count together. The places in a key's unconfirmed holds, and in all its partner's, are limited: an order's items count together (409 hold-limit-reached). Confirm the whole order with POST …/confirm before ExpiresAt; Customer stands for every item that has none. Send an Idempotency-Key header to retry safely.",
    },
    problems: [
      "not-found",
      "insufficient-capacity",
      "timeslot-unavailable",
      "hold-limit-reached",
      "idempotency-conflict",
      "validation",
      "idempotency-key-reuse",
    ],
    successStatus: 201,
  })
  .input(createOrderInput)
  .output(z.object({ data: orderSchema }))
  .mutation(async ({ ctx, input }) => {
    const { principal } = ctx;
    const partner = principal.partner;
    const productIds = new Set<number>();
    const request = scopedRequest(input, { partner: partner.slug });
    const body = await withIdempotency(ctx, `POST /ota/${partner.slug}/orders`, request, async (tx) => {
      const now = ctx.now();
      const items: PartnerOrderInput["items"][number][] = [];
      const products: Product[] = [];
      for (const [index, item] of input.Items.entries()) {
        try {
          const request = { ...item, partner: partner.slug, HoldMinutes: input.HoldMinutes };
          const { product, questions, answers, check } = await bookingChecks(ctx, principal.operatorId, request);
          const priced = check();
          const slot = await timeslotAt(ctx, product, item.Date, item.Time);
          const customer = item.Customer ?? input.Customer;
          productIds.add(product.id);
          products.push(product);
          items.push({
            product,
            timeslotId: slot.id,
            startsAt: slot.startsAt,
            priced,
            customer: customer ? customerDetails(customer) : null,
            paymentReference: item.PaymentReference ?? null,
            answers,
            waiverStatus: waiverStatus(questions, answers),
            reminderHoursBefore: ctx.settings.reminderHoursBefore,
          });
        } catch (error) {
          throw aboutItem(index, error);
        }
      }
      // Every item is a hold: the order's places count against the budget together, as one hold.
      await checkRequestHoldBudgetInTx(
        tx,
        ctx,
        items.reduce((sum, item) => sum + item.priced.participants, 0),
      );
      const { order, bookings } = await holdPartnerOrderInTx(tx, {
        publicId: `ord_${randomString(ALPHANUMERIC, 20)}`,
        operatorId: principal.operatorId,
        partnerId: partner.id,
        apiKeyId: principal.keyId,
        items,
        holdUntil: holdDeadline(now, input.HoldMinutes),
        actor: `partner:${partner.slug}`,
        now,
      });
      const withProducts = bookings.map((b, i) => {
        const product = products[i];
        if (!product) throw new Error(`Booking ${b.reference} has no item`);
        return { ...b, product };
      });
      return {
        status: 201,
        body: { data: presentOrder(order, withProducts, now, new Map()) },
        headers: { Location: `/api/v2/ota/${partner.slug}/orders/${order.publicId}` },
      };
    });
    for (const id of productIds) ctx.cache.changed(cacheTags.timeslots(id));
    return body;
  });
