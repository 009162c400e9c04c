import { z } from "zod";

import { withParticipantsOrUnits } from "../pricing/units.ts";
import { customerSchema, holdMinutesField, paymentReferenceField, saleFields } from "./booking-request.ts";

/** The most items one order holds together (contract section 20). */
export const MAX_ORDER_ITEMS = 10;

/** One item of an order: a booking body whose customer may come from the order or its confirmation. */
export const orderItemSchema = withParticipantsOrUnits(saleFields.extend({ Customer: customerSchema.optional() }));

/**
 * The body of `POST /ota/{partner}/orders`: every item is held for `HoldMinutes`; an order's
 * `Customer` stands for every item that names none.
 */
export const orderRequestSchema = z.object({
  Items: z
    .array(orderItemSchema, { error: "Items must be a list of bookings" })
    .min(1, { error: "Items must have at least 1 item" })
    .max(MAX_ORDER_ITEMS, { error: `Items must have at most ${MAX_ORDER_ITEMS} items` }),
  HoldMinutes: holdMinutesField,
  Customer: customerSchema.optional(),
});

export type OrderRequest = z.output<typeof orderRequestSchema>;

/** The optional body of `POST …/orders/{OrderID}/confirm`: the customer of every booking that lacks one. */
export const orderConfirmSchema = z.object({
  Customer: customerSchema.optional(),
  PaymentReference: paymentReferenceField.optional(),
});
