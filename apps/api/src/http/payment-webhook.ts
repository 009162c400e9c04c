import type { FastifyInstance } from "fastify";

import { fieldErrorsOf, paymentEventSchema, ValidationError } from "@slotwise/core";

import { problem, type Problem } from "../problems/problem.ts";
import { toProblem } from "../problems/to-problem.ts";
import { settleCheckout } from "../services/settle-checkout.ts";
import type { Services } from "../trpc/context.ts";
import { SIGNATURE_HEADER, verifySignature } from "../webhooks/signature.ts";
import { PAYMENT_WEBHOOK_PATH } from "./gate.ts";
import { headerValue } from "./request-context.ts";
import { sendProblem } from "./send-problem.ts";

export interface PaymentWebhookOptions {
  services: Services;
  problemsBase: string;
}

/**
 * `POST /api/v2/payments/webhook` (contract section 10): the payment provider's word on a
 * shopfront checkout, authenticated by its signature alone (its address's rate budget is the gate's). The signature covers the raw
 * bytes, so this route reads its body as text (its own parser, in this plugin only) and parses
 * the JSON only once the signature holds: an unsigned caller costs one HMAC, never a query.
 */
export function paymentWebhookPlugin(app: FastifyInstance, options: PaymentWebhookOptions, done: () => void): void {
  // JSON only: any other media type is Fastify's 415, before the signature is checked.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    done(null, body);
  });
  app.post(PAYMENT_WEBHOOK_PATH, async (request, reply) => {
    const refuse = (description: Problem) => sendProblem(request, reply, options.problemsBase, description);
    const secret = options.services.settings.paymentWebhookSecret;
    if (!secret)
      return refuse(
        problem("invalid-signature", "Payment webhooks are not configured here: PAYMENT_WEBHOOK_SECRET is not set"),
      );
    const raw = typeof request.body === "string" ? request.body : "";
    const signature = verifySignature(
      secret,
      headerValue(request.headers[SIGNATURE_HEADER.toLowerCase()]),
      raw,
      options.services.now(),
    );
    if (!signature.ok) return refuse(problem("invalid-signature", signature.reason));
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return refuse(problem("malformed-json", "The body could not be parsed as JSON"));
    }
    const event = paymentEventSchema.safeParse(body);
    if (!event.success) return refuse(toProblem(new ValidationError(fieldErrorsOf(event.error))));
    try {
      const settled = await settleCheckout(options.services, event.data);
      if (!settled) return await refuse(problem("not-found", `There is no shopfront basket ${event.data.BasketID}`));
      return await reply.send({ data: { BasketID: settled.order.id, Paid: settled.order.paid } });
    } catch (error) {
      const description = toProblem(error);
      if (description.status >= 500) request.log.error({ err: error }, "payment webhook failed");
      return refuse(description);
    }
  });
  app.route({
    method: ["GET", "PUT", "PATCH", "DELETE", "OPTIONS"],
    url: PAYMENT_WEBHOOK_PATH,
    handler: (request, reply) =>
      sendProblem(
        request,
        reply,
        options.problemsBase,
        problem("method-not-allowed", `${PAYMENT_WEBHOOK_PATH} takes POST`),
        { Allow: "POST" },
      ),
  });
  done();
}
