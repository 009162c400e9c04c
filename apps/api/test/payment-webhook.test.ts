import { beforeAll, describe, expect, it } from "vitest";

import { signatureHeader } from "../src/webhooks/signature.ts";
import { answersFor, openSlot } from "./fixtures.ts";
import { METRICS_TOKEN, PAYMENT_SECRET, problemOf, startApi, type Api } from "./harness.ts";
import { payForBasket } from "./payment-provider.ts";
import { trpcClient } from "./trpc-client.ts";

let api: Api;
beforeAll(async () => {
  api = await startApi();
});

const WEBHOOK = "/api/v2/payments/webhook";

async function checkout(productName = "Fado Night in Mouraria") {
  const info = await openSlot(api.db, { productName, free: 2 });
  const sale = await trpcClient(api.base).shopfront.checkout.mutate({
    operator: "demo",
    ActivityID: info.product.activityId,
    Date: info.date,
    Time: info.time,
    Participants: 2,
    Customer: { FirstName: "Olga", LastName: "Online", Email: "olga@example.com", Phone: "+351912000333" },
    Answers: answersFor(info.product),
  });
  return { info, sale };
}
const placesTaken = async (timeslotId: number) =>
  (await api.db.timeslot.findUniqueOrThrow({ where: { id: timeslotId } })).placesTaken;
/** `slotwise_bookings_total` of the shopfront for one outcome, as a scraper reads it. */
async function onlineBookings(outcome: string): Promise<number> {
  const text = await (
    await fetch(`${api.base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const line = text
    .split("\n")
    .find((l) => l.startsWith(`slotwise_bookings_total{channel="online",outcome="${outcome}"}`));
  return line ? Number(line.split(" ").at(-1)) : 0;
}
const ordersCompleted = (basketId: number) =>
  api.db.usageEntry.count({ where: { meter: "order-completed", dedupeKey: `order:${basketId}` } });

describe("a shopfront checkout", () => {
  it("holds its places for 15 minutes, unpaid, and sends nothing until the payment succeeds", async () => {
    const { info, sale } = await checkout();
    expect(sale.booking.Status).toBe("on_hold");
    expect(sale.booking.ExpiresAt! * 1000 - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(await placesTaken(info.slot.id)).toBe(info.slot.placesTaken + 2);
    expect(await api.db.order.findUniqueOrThrow({ where: { id: sale.BasketID } })).toMatchObject({ paid: false });
    expect(await api.db.outboxEmail.count({ where: { booking: { reference: sale.booking.Reference } } })).toBe(0);
    expect(await ordersCompleted(sale.BasketID)).toBe(0);
  });
});

describe("the payment webhook", () => {
  it("confirms the booking and counts the order once, however often and however simultaneously the success comes", async () => {
    const { sale } = await checkout();
    const salesBefore = await onlineBookings("confirmed");
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => payForBasket(api, sale.BasketID, "payment.succeeded", "pi_once")),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await answers[0]!.json()).toEqual({ data: { BasketID: sale.BasketID, Paid: true } });
    expect(await ordersCompleted(sale.BasketID)).toBe(1);
    expect(await onlineBookings("confirmed")).toBe(salesBefore + 1);
    const booking = await api.db.booking.findUniqueOrThrow({ where: { reference: sale.booking.Reference } });
    expect(booking).toMatchObject({ status: "CONFIRMED", paymentReference: "pi_once" });
    expect(await api.db.outboxEmail.count({ where: { bookingId: booking.id, kind: "BOOKING_CONFIRMATION" } })).toBe(1);
    const failedLate = await payForBasket(api, sale.BasketID, "payment.failed", "pi_once");
    expect(await failedLate.json()).toEqual({ data: { BasketID: sale.BasketID, Paid: true } });
  });

  it("releases the places when the payment fails, and a success after that is refused", async () => {
    const { info, sale } = await checkout();
    const failed = await payForBasket(api, sale.BasketID, "payment.failed", "pi_declined");
    expect(await failed.json()).toEqual({ data: { BasketID: sale.BasketID, Paid: false } });
    expect(await placesTaken(info.slot.id)).toBe(info.slot.placesTaken);
    const late = await payForBasket(api, sale.BasketID, "payment.succeeded", "pi_declined");
    expect(late.status).toBe(409);
    expect(await ordersCompleted(sale.BasketID)).toBe(0);
  });

  it("refuses a success for a checkout whose hold has expired: the places are gone", async () => {
    const { sale } = await checkout();
    await api.db.booking.update({
      where: { reference: sale.booking.Reference },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const late = await payForBasket(api, sale.BasketID, "payment.succeeded", "pi_late");
    expect(late.status).toBe(409);
    expect((await problemOf(late)).problem.type).toMatch(/\/hold-expired$/);
    expect(await ordersCompleted(sale.BasketID)).toBe(0);
  });

  it("answers 401 to an unsigned, a badly signed or a stale call, and changes nothing", async () => {
    const { info, sale } = await checkout();
    const body = JSON.stringify({ type: "payment.succeeded", BasketID: sale.BasketID, PaymentReference: "pi_forged" });
    const post = (headers: Record<string, string>, payload = body) =>
      fetch(`${api.base}${WEBHOOK}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: payload,
      });
    const calls = [
      await post({}),
      await payForBasket(api, sale.BasketID, "payment.succeeded", "pi_forged", { secret: "whsec_not_the_one_at_all" }),
      await payForBasket(api, sale.BasketID, "payment.succeeded", "pi_forged", {
        signedAt: new Date(Date.now() - 6 * 60_000),
      }),
      // A signature of another body does not carry over.
      await post(
        { "Slotwise-Signature": signatureHeader(PAYMENT_SECRET, body, new Date()) },
        body.replace("pi_forged", "pi_other"),
      ),
    ];
    for (const call of calls) {
      expect(call.status).toBe(401);
      expect(call.headers.get("content-type")).toBe("application/problem+json");
      expect((await problemOf(call)).problem.type).toMatch(/\/invalid-signature$/);
    }
    expect(await api.db.order.findUniqueOrThrow({ where: { id: sale.BasketID } })).toMatchObject({ paid: false });
    expect(await placesTaken(info.slot.id)).toBe(info.slot.placesTaken + 2);
  });

  it("answers 404 for an unknown basket and 422 naming a bad field, once signed", async () => {
    const unknown = await payForBasket(api, 2_000_000_000, "payment.succeeded", "pi_x");
    expect(unknown.status).toBe(404);
    const body = JSON.stringify({ type: "payment.refunded", BasketID: 1, PaymentReference: "" });
    const invalid = await fetch(`${api.base}${WEBHOOK}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Slotwise-Signature": signatureHeader(PAYMENT_SECRET, body, new Date()),
      },
      body,
    });
    expect(invalid.status).toBe(422);
    expect((await problemOf(invalid)).problem.errors?.map((e) => e.field)).toEqual(["type", "PaymentReference"]);
  });

  it("answers 415 to a signed success sent as any media type but JSON, and changes nothing", async () => {
    const { info, sale } = await checkout();
    const body = JSON.stringify({ type: "payment.succeeded", BasketID: sale.BasketID, PaymentReference: "pi_plain" });
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/octet-stream", "text/json"]) {
      const response = await fetch(`${api.base}${WEBHOOK}`, {
        method: "POST",
        headers: { "Content-Type": type, "Slotwise-Signature": signatureHeader(PAYMENT_SECRET, body, new Date()) },
        body,
      });
      expect(response.status).toBe(415);
      expect((await problemOf(response)).problem.type).toMatch(/\/unsupported-media-type$/);
    }
    expect(await api.db.order.findUniqueOrThrow({ where: { id: sale.BasketID } })).toMatchObject({ paid: false });
    expect(await placesTaken(info.slot.id)).toBe(info.slot.placesTaken + 2);
  });

  it("takes POST only, and a body of at most 64 KiB, each refusal a problem document", async () => {
    const get = await fetch(`${api.base}${WEBHOOK}`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    const huge = await fetch(`${api.base}${WEBHOOK}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ pad: "x".repeat(70 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.headers.get("content-type")).toBe("application/problem+json");
  });
});
