import { signatureHeader } from "../src/webhooks/signature.ts";
import { PAYMENT_SECRET, type Api } from "./harness.ts";

/** Plays the payment provider: a signed call to the payment webhook, as it would make it. */
export function payForBasket(
  api: Pick<Api, "base">,
  basketId: number,
  type: "payment.succeeded" | "payment.failed",
  paymentReference: string,
  options: { secret?: string; signedAt?: Date } = {},
) {
  const body = JSON.stringify({ type, BasketID: basketId, PaymentReference: paymentReference });
  return fetch(`${api.base}/api/v2/payments/webhook`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Slotwise-Signature": signatureHeader(options.secret ?? PAYMENT_SECRET, body, options.signedAt ?? new Date()),
    },
    body,
  });
}
