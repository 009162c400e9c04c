import { z } from "zod";

import { idField, textField } from "../validation/fields.ts";

/**
 * What the payment provider tells the shopfront at `POST /api/v2/payments/webhook` (contract
 * section 10), once its signature is verified.
 */
export const paymentEventSchema = z.object({
  type: z.enum(["payment.succeeded", "payment.failed"], {
    error: "type must be payment.succeeded or payment.failed",
  }),
  BasketID: idField("BasketID"),
  PaymentReference: textField("PaymentReference", 1, 128),
});

export type PaymentEvent = z.output<typeof paymentEventSchema>;
