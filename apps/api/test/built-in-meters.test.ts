import { beforeAll, describe, expect, it } from "vitest";

import { seal } from "@slotwise/db/testing";

import { createMailer } from "../src/jobs/mailer.ts";
import { sendOutboxEmail } from "../src/jobs/send-email.ts";
import { answersFor, openSlot } from "./fixtures.ts";
import { OTA, startApi, type Api } from "./harness.ts";
import { payForBasket } from "./payment-provider.ts";
import { trpcClient } from "./trpc-client.ts";

let api: Api;
let demoId: number;
beforeAll(async () => {
  api = await startApi();
  demoId = (await api.db.operator.findUniqueOrThrow({ where: { slug: "demo" } })).id;
});

const customer = (n: string) => ({ FirstName: "Walk", LastName: n, Email: `${n}@example.com`, Phone: "+351912000111" });
const meters = (meter: string, extra?: string) =>
  api.db.usageEntry.findMany({ where: { operatorId: demoId, meter, ...(extra ? { extraInfo: extra } : {}) } });
const outbox = createMailer(undefined, "t@slotwise.test");

describe("order-completed", () => {
  it("is recorded once when the payment provider confirms a shopfront checkout, with its BasketID and total", async () => {
    const shop = trpcClient(api.base);
    const info = await openSlot(api.db, { productName: "Sunset Kayak Tour" });
    const before = (await meters("order-completed")).length;
    const sale = await shop.shopfront.checkout.mutate({
      operator: "demo",
      ActivityID: info.product.activityId,
      Date: info.date,
      Time: info.time,
      Participants: 1,
      Customer: customer("online"),
      Answers: answersFor(info.product),
    });
    expect(sale.booking).toMatchObject({ Status: "on_hold", WaiverStatus: "complete" });
    expect((await meters("order-completed")).length).toBe(before);
    for (let i = 0; i < 3; i++) {
      const paid = await payForBasket(api, sale.BasketID, "payment.succeeded", "pi_test_123");
      expect(paid.status).toBe(200);
    }
    const booking = await api.db.booking.findUniqueOrThrow({
      where: { reference: sale.booking.Reference },
      include: { order: true },
    });
    expect(booking).toMatchObject({ source: "ONLINE", status: "CONFIRMED", paymentReference: "pi_test_123" });
    expect(booking.order).toMatchObject({
      id: sale.BasketID,
      channel: "ONLINE",
      paid: true,
      paymentReference: "pi_test_123",
      totalAmount: 4500,
      currency: "EUR",
    });
    const recorded = JSON.stringify({ BasketID: sale.BasketID, Total: { Amount: 4500, Currency: "EUR" } });
    expect(await meters("order-completed", recorded)).toHaveLength(1);
    expect((await meters("order-completed")).length).toBe(before + 1);
    const reader = await api.key({ scopes: ["usage:read"] });
    const today = new Date().toISOString().slice(0, 10);
    const summary = (await (
      await api.request(`/api/v2/usage/meters?from=${today}&to=${today}&tz=UTC`, { key: reader })
    ).json()) as { data: { Meters: { Meter: string; EventCount: number }[] } };
    expect(summary.data.Meters.find((m) => m.Meter === "order-completed")?.EventCount).toBeGreaterThanOrEqual(1);
  });

  it("is recorded once by a point-of-sale sale made in the console", async () => {
    const desk = trpcClient(api.base);
    await expect(
      desk.console.session.signIn.mutate({ email: "demo@example.com", password: "wrong" }),
    ).rejects.toMatchObject({ data: { httpStatus: 401 } });
    const me = await desk.console.session.signIn.mutate({
      email: "Demo@Example.com",
      password: "correct-horse-battery",
    });
    expect(me.operator).toMatchObject({ slug: "demo", timeZone: "Europe/Lisbon" });
    const info = await openSlot(api.db, { productName: "Fado Night in Mouraria" });
    const sale = await desk.console.pointOfSale.sell.mutate({
      timeslotId: info.slot.id,
      Units: [{ UnitID: "adult", Quantity: 2 }],
      Customer: customer("desk"),
      PaymentReference: "POS-0042",
    });
    const booking = await api.db.booking.findUniqueOrThrow({
      where: { reference: sale.booking.Reference },
      include: { order: true },
    });
    const total = 2 * info.product.priceAmount;
    expect(booking).toMatchObject({ source: "POS", participants: 2, totalAmount: total });
    expect(booking.order).toMatchObject({ channel: "POS", paid: true, totalAmount: total });
    const recorded = JSON.stringify({ BasketID: sale.BasketID, Total: { Amount: total, Currency: "EUR" } });
    expect(await meters("order-completed", recorded)).toHaveLength(1);
  });

  it("is not recorded, and no order is left, when the checkout finds the timeslot full", async () => {
    const shop = trpcClient(api.base);
    const info = await openSlot(api.db, { productName: "Tuk-Tuk Hills Tour" });
    await api.db.timeslot.update({ where: { id: info.slot.id }, data: { capacity: info.slot.placesTaken } });
    const orders = await api.db.order.count();
    await expect(
      shop.shopfront.checkout.mutate({
        operator: "demo",
        ActivityID: info.product.activityId,
        Date: info.date,
        Time: info.time,
        Participants: 1,
        Customer: customer("full"),
      }),
    ).rejects.toMatchObject({ data: { httpStatus: 409 } });
    expect(await api.db.order.count()).toBe(orders);
  });
});

describe("the console's procedures", () => {
  it("refuse callers without a session, and mutations from another site", async () => {
    const stranger = trpcClient(api.base);
    await expect(stranger.console.session.me.query()).rejects.toMatchObject({ data: { httpStatus: 401 } });
    const signedIn = trpcClient(api.base);
    await signedIn.console.session.signIn.mutate({ email: "demo@example.com", password: "correct-horse-battery" });
    expect((await signedIn.console.session.me.query()).email).toBe("demo@example.com");
    const evil = trpcClient(api.base, "https://evil.example");
    await expect(
      evil.console.session.signIn.mutate({ email: "demo@example.com", password: "correct-horse-battery" }),
    ).rejects.toMatchObject({ data: { httpStatus: 403 } });
    await signedIn.console.session.signOut.mutate();
    await expect(signedIn.console.session.me.query()).rejects.toMatchObject({ data: { httpStatus: 401 } });
  });

  it("scope everything to the signed-in operator", async () => {
    const harbour = trpcClient(api.base);
    await harbour.console.session.signIn.mutate({ email: "harbour@example.com", password: "correct-horse-battery" });
    const demoSlot = await openSlot(api.db, { productName: "Fado Night in Mouraria" });
    await expect(
      harbour.console.pointOfSale.sell.mutate({
        timeslotId: demoSlot.slot.id,
        Participants: 1,
        Customer: customer("x"),
      }),
    ).rejects.toMatchObject({ data: { httpStatus: 404 } });
    await expect(
      harbour.console.timeslots.change.mutate({ timeslotId: demoSlot.slot.id, closed: true }),
    ).rejects.toMatchObject({ data: { httpStatus: 404 } });
  });
});

describe("waitlist-notified", () => {
  it("is recorded once per notification e-mail sent after a cancellation frees places, with WaitlistID and MultiBookingID", async () => {
    const shop = trpcClient(api.base);
    const key = await api.key();
    const info = await openSlot(api.db, { productName: "Surf Lesson at Carcavelos", free: 2 });
    await api.db.timeslot.update({ where: { id: info.slot.id }, data: { capacity: info.slot.placesTaken + 2 } });
    const booked = await api.request(`${OTA}/booking`, {
      method: "POST",
      key,
      json: {
        ActivityID: info.product.activityId,
        Date: info.date,
        Time: info.time,
        Participants: 2,
        Customer: customer("surfer"),
        Answers: answersFor(info.product),
      },
    });
    const { data } = (await booked.json()) as { data: { Reference: string } };
    const joined = await shop.shopfront.joinWaitlist.mutate({
      operator: "demo",
      ActivityID: info.product.activityId,
      Date: info.date,
      Time: info.time,
      Participants: 2,
      Customer: customer("waiting"),
      MultiBookingID: "mb_family42",
    });
    await api.request(`${OTA}/booking/${data.Reference}/cancel`, { method: "POST", key });
    const email = await api.db.outboxEmail.findFirstOrThrow({ where: { waitlistEntryId: joined.WaitlistID } });
    expect(email).toMatchObject({ kind: "WAITLIST_NOTIFICATION", toAddress: "waiting@example.com", status: "QUEUED" });
    expect(await sendOutboxEmail(seal(api.db), outbox, email.id, () => new Date())).toBe("sent");
    expect(await sendOutboxEmail(seal(api.db), outbox, email.id, () => new Date())).toBe("already-sent");
    const recorded = await meters(
      "waitlist-notified",
      JSON.stringify({ WaitlistID: joined.WaitlistID, MultiBookingID: "mb_family42" }),
    );
    expect(recorded).toHaveLength(1);
  });

  it("follows a capacity raise or a reopening in the console, and joining a slot with places is refused", async () => {
    const shop = trpcClient(api.base);
    const desk = trpcClient(api.base);
    await desk.console.session.signIn.mutate({ email: "demo@example.com", password: "correct-horse-battery" });
    const info = await openSlot(api.db, { productName: "Tagus River Sailing", free: 2 });
    await expect(
      shop.shopfront.joinWaitlist.mutate({
        operator: "demo",
        ActivityID: info.product.activityId,
        Date: info.date,
        Time: info.time,
        Participants: 2,
        Customer: customer("early"),
      }),
    ).rejects.toMatchObject({ data: { httpStatus: 409 } });
    await desk.console.timeslots.change.mutate({
      timeslotId: info.slot.id,
      capacity: info.slot.placesTaken,
      closed: true,
    });
    const joined = await shop.shopfront.joinWaitlist.mutate({
      operator: "demo",
      ActivityID: info.product.activityId,
      Date: info.date,
      Time: info.time,
      Participants: 2,
      Customer: customer("patient"),
    });
    await expect(
      desk.console.timeslots.change.mutate({ timeslotId: info.slot.id, capacity: info.slot.placesTaken - 1 }),
    ).rejects.toMatchObject({ data: { httpStatus: 422 } });
    const raised = await desk.console.timeslots.change.mutate({
      timeslotId: info.slot.id,
      capacity: info.slot.placesTaken + 2,
    });
    expect(raised.waitlistNotified).toBe(0); // still closed
    const reopened = await desk.console.timeslots.change.mutate({ timeslotId: info.slot.id, closed: false });
    expect(reopened.waitlistNotified).toBe(1);
    expect(
      (await api.db.waitlistEntry.findUniqueOrThrow({ where: { id: joined.WaitlistID } })).notifiedAt,
    ).toBeInstanceOf(Date);
  });
});
