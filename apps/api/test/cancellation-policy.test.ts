import { randomUUID } from "node:crypto";

import { zErrorUnprocessableEntity } from "@octocloud/types";
import { TRPCClientError } from "@trpc/client";
import { beforeAll, describe, expect, it } from "vitest";

import { OTA, startApi, type Api } from "./harness.ts";
import { CUSTOMER, oneOffSlot, policyActivity, PRICE, TIERS } from "./policy-activities.ts";
import { trpcClient } from "./trpc-client.ts";

const HOUR = 3_600_000;
const BASE = "/api/v2/operator/activities";

let api: Api;
let catalogKey: string;
let otaKey: string;
let desk: ReturnType<typeof trpcClient>;
/** The API's clock: the wall clock, or the instant a test puts requests at. */
let frozen: Date | null = null;

beforeAll(async () => {
  api = await startApi({ now: () => frozen ?? new Date() });
  catalogKey = await api.key({ scopes: ["catalog"] });
  otaKey = await api.key();
  desk = trpcClient(api.base);
  await desk.console.session.signIn.mutate({ email: "demo@example.com", password: "correct-horse-battery" });
});

/** Runs `work` with the API's clock stopped at `at`. */
async function at<T>(instant: Date, work: () => Promise<T>): Promise<T> {
  frozen = instant;
  try {
    return await work();
  } finally {
    frozen = null;
  }
}

async function post(path: string, json: unknown, key = otaKey, headers: Record<string, string> = {}) {
  const response = await api.request(path, { method: "POST", key, json, headers });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}

const newActivity = (policy: unknown) => policyActivity(api, catalogKey, policy);
const slotIn = (activityId: string, hoursAhead: number) => oneOffSlot(api, catalogKey, activityId, hoursAhead);

type Slot = Awaited<ReturnType<typeof slotIn>>;

interface BookingView {
  Reference: string;
  Status: string;
  Total: { Amount: number; Currency: string };
  Cancellation: {
    Cancellable: boolean;
    RefundPercent: number;
    Refund: { Amount: number; Currency: string };
    Until: number | null;
  };
  Refund?: { Amount: number; Currency: string };
}

async function book(slot: Slot, extra: Record<string, unknown> = {}): Promise<BookingView> {
  const made = await post(`${OTA}/booking`, {
    ActivityID: slot.activityId,
    Date: slot.date,
    Time: slot.time,
    Participants: 2,
    Customer: CUSTOMER,
    ...extra,
  });
  expect(made.status).toBe(201);
  return made.body.data as BookingView;
}

const row = (reference: string) => api.db.booking.findFirstOrThrow({ where: { reference } });
const taken = async (slot: Slot) =>
  (
    await api.db.timeslot.findFirstOrThrow({
      where: { startsAt: slot.startsAt, product: { activityId: slot.activityId } },
    })
  ).placesTaken;
const unix = (instant: Date) => Math.floor(instant.getTime() / 1000);

describe("the policy a booking keeps", () => {
  it("copies the activity's policy onto bookings and holds, and keeps it when the activity's changes", async () => {
    const activityId = await newActivity(TIERS);
    const slot = await slotIn(activityId, 72);
    const booked = await book(slot);
    const held = await book(slot, { HoldMinutes: 10, Customer: undefined });
    expect((await row(booked.Reference)).cancellationPolicy).toEqual(TIERS);
    expect((await row(held.Reference)).cancellationPolicy).toEqual(TIERS);

    const patched = await api.request(`${BASE}/${activityId}`, {
      method: "PATCH",
      key: catalogKey,
      json: { CancellationPolicy: [] },
    });
    expect(patched.status).toBe(200);
    const read = await api.request(`${OTA}/booking/${booked.Reference}`, { key: otaKey });
    const view = ((await read.json()) as { data: BookingView }).data;
    expect(view.Cancellation).toEqual({
      Cancellable: true,
      RefundPercent: 100,
      Refund: { Amount: 2 * PRICE, Currency: "EUR" },
      Until: unix(new Date(slot.startsAt.getTime() - 48 * HOUR)),
    });
    // A booking made after the change keeps the new policy.
    const later = await book(slot);
    expect((await row(later.Reference)).cancellationPolicy).toEqual([]);
    expect(later.Cancellation).toMatchObject({ Cancellable: false, RefundPercent: 0, Until: null });
  });

  it("copies it onto an order's bookings and an OCTO reservation", async () => {
    const activityId = await newActivity(TIERS);
    const slot = await slotIn(activityId, 72);
    const order = await post(`${OTA}/orders`, {
      Items: [{ ActivityID: activityId, Date: slot.date, Time: slot.time, Participants: 1 }],
      HoldMinutes: 10,
    });
    expect(order.status).toBe(201);
    const [orderBooking] = (order.body.data as { Bookings: BookingView[] }).Bookings;
    expect(orderBooking?.Cancellation).toMatchObject({ Cancellable: true, RefundPercent: 100 });
    expect((await row(orderBooking?.Reference ?? "")).cancellationPolicy).toEqual(TIERS);

    const uuid = randomUUID();
    const reserved = await api.request("/octo/bookings", {
      method: "POST",
      key: otaKey,
      json: {
        uuid,
        productId: activityId,
        optionId: "DEFAULT",
        availabilityId: `${slot.date}T${slot.time}:00+00:00`,
        unitItems: [{ unitId: "adult" }],
      },
    });
    expect(reserved.status).toBe(200);
    const octoRow = await api.db.booking.findFirstOrThrow({ where: { octoUuid: uuid } });
    expect(octoRow.cancellationPolicy).toEqual(TIERS);
  });
});

describe("the quote on every read", () => {
  it("answers Cancellation on the booking, the booking search and the order", async () => {
    const activityId = await newActivity(TIERS);
    const slot = await slotIn(activityId, 36);
    const booked = await book(slot);
    const quote = {
      Cancellable: true,
      RefundPercent: 50,
      Refund: { Amount: PRICE, Currency: "EUR" },
      Until: unix(new Date(slot.startsAt.getTime() - 24 * HOUR)),
    };
    expect(booked.Cancellation).toEqual(quote);
    const read = (await (await api.request(`${OTA}/booking/${booked.Reference}`, { key: otaKey })).json()) as {
      data: BookingView;
    };
    expect(read.data.Cancellation).toEqual(quote);
    expect(read.data).not.toHaveProperty("Refund");
    const search = (await (
      await api.request(`${OTA}/bookings?from=${slot.date}&to=${slot.date}`, { key: otaKey })
    ).json()) as { data: BookingView[] };
    expect(search.data.find((b) => b.Reference === booked.Reference)?.Cancellation).toEqual(quote);

    const order = await post(`${OTA}/orders`, {
      Items: [{ ActivityID: activityId, Date: slot.date, Time: slot.time, Participants: 1 }],
      HoldMinutes: 10,
    });
    const orderId = (order.body.data as { OrderID: string }).OrderID;
    const readOrder = (await (await api.request(`${OTA}/orders/${orderId}`, { key: otaKey })).json()) as {
      data: { Bookings: BookingView[] };
    };
    expect(readOrder.data.Bookings[0]?.Cancellation).toMatchObject({ Cancellable: true, RefundPercent: 50 });
  });

  it("shows the console the quote and, once cancelled, the refund", async () => {
    const activityId = await newActivity(TIERS);
    const slot = await slotIn(activityId, 72);
    const booked = await book(slot);
    const detail = await desk.console.bookings.get.query({ reference: booked.Reference });
    expect(detail.cancellation).toMatchObject({ Cancellable: true, RefundPercent: 100 });
    expect(detail.refund).toBeNull();
  });
});

describe("dry runs and the tier boundary", () => {
  it("answers the quote on ?dryRun=true and changes nothing", async () => {
    const activityId = await newActivity(TIERS);
    const slot = await slotIn(activityId, 30);
    const booked = await book(slot);
    const placesBefore = await taken(slot);
    const dry = await post(`${OTA}/booking/${booked.Reference}/cancel?dryRun=true`, {});
    expect(dry.status).toBe(200);
    const view = dry.body.data as BookingView;
    expect(view.Status).toBe("confirmed");
    expect(view.Cancellation).toMatchObject({ Cancellable: true, RefundPercent: 50 });
    expect(view.Refund).toEqual({ Amount: PRICE, Currency: "EUR" });
    const stored = await row(booked.Reference);
    expect(stored.status).toBe("CONFIRMED");
    expect(stored.refundAmount).toBeNull();
    expect(await taken(slot)).toBe(placesBefore);
  });

  it("refuses dryRun spelt another way with a 422 naming it, and cancels nothing", async () => {
    const slot = await slotIn(await newActivity(TIERS), 30);
    const booked = await book(slot);
    for (const spelt of ["?dryrun=true", "?DryRun=true", "?dry_run=true"]) {
      const refused = await post(`${OTA}/booking/${booked.Reference}/cancel${spelt}`, {});
      expect(refused.status, spelt).toBe(422);
      expect(JSON.stringify(refused.body), spelt).toContain(spelt.slice(1, spelt.indexOf("=")));
    }
    const inBody = await post(`${OTA}/booking/${booked.Reference}/cancel`, { DryRun: true });
    expect(inBody.status).toBe(422);
    expect((await row(booked.Reference)).status).toBe("CONFIRMED");
  });

  it("quotes a hold as its cancel releases it: allowed, refunding nothing, whatever the policy", async () => {
    for (const policy of [TIERS, []]) {
      const slot = await slotIn(await newActivity(policy), 72);
      const held = await book(slot, { HoldMinutes: 10 });
      const dry = await post(`${OTA}/booking/${held.Reference}/cancel?dryRun=true`, {});
      expect(dry.status).toBe(200);
      const view = dry.body.data as BookingView;
      expect(view.Cancellation).toMatchObject({ Cancellable: true, RefundPercent: 0, Refund: { Amount: 0 } });
      expect(view.Refund).toEqual({ Amount: 0, Currency: "EUR" });
      const cancelled = await post(`${OTA}/booking/${held.Reference}/cancel`, {});
      expect(cancelled.status).toBe(200);
      expect((cancelled.body.data as BookingView).Refund).toBeUndefined();
    }
  });

  it("answers a cancelled booking's dry run with the refund its cancel stored", async () => {
    const slot = await slotIn(await newActivity(TIERS), 72);
    const booked = await book(slot);
    const cancelled = await post(`${OTA}/booking/${booked.Reference}/cancel`, {});
    const stored = (cancelled.body.data as BookingView).Refund;
    expect(stored?.Amount).toBeGreaterThan(0);
    const dry = await post(`${OTA}/booking/${booked.Reference}/cancel?dryRun=true`, {});
    expect((dry.body.data as BookingView).Refund).toEqual(stored);
  });

  it("moves to the next tier exactly HoursBefore hours before the start, and stores the refund it applied", async () => {
    const activityId = await newActivity(TIERS);
    const slot = await slotIn(activityId, 72);
    const booked = await book(slot);
    const boundary = new Date(slot.startsAt.getTime() - 48 * HOUR);
    const justBefore = new Date(boundary.getTime() - 1);
    const dryBefore = await at(justBefore, () => post(`${OTA}/booking/${booked.Reference}/cancel?dryRun=true`, {}));
    expect((dryBefore.body.data as BookingView).Cancellation).toEqual({
      Cancellable: true,
      RefundPercent: 100,
      Refund: { Amount: 2 * PRICE, Currency: "EUR" },
      Until: unix(boundary),
    });
    const dryAt = await at(boundary, () => post(`${OTA}/booking/${booked.Reference}/cancel?dryRun=true`, {}));
    expect((dryAt.body.data as BookingView).Cancellation).toEqual({
      Cancellable: true,
      RefundPercent: 50,
      Refund: { Amount: PRICE, Currency: "EUR" },
      Until: unix(new Date(slot.startsAt.getTime() - 24 * HOUR)),
    });
    const placesBefore = await taken(slot);
    const cancelled = await at(boundary, () => post(`${OTA}/booking/${booked.Reference}/cancel`, {}));
    expect(cancelled.status).toBe(200);
    const view = cancelled.body.data as BookingView;
    expect(view.Status).toBe("cancelled");
    expect(view.Refund).toEqual({ Amount: PRICE, Currency: "EUR" });
    expect(view.Cancellation.Cancellable).toBe(false);
    expect((await row(booked.Reference)).refundAmount).toBe(PRICE);
    expect(await taken(slot)).toBe(placesBefore - 2);
    const read = (await (await api.request(`${OTA}/booking/${booked.Reference}`, { key: otaKey })).json()) as {
      data: BookingView;
    };
    expect(read.data.Refund).toEqual({ Amount: PRICE, Currency: "EUR" });
  });

  it("refunds nothing later than every tier, and stays cancellable until the start", async () => {
    const activityId = await newActivity(TIERS);
    const slot = await slotIn(activityId, 72);
    const booked = await book(slot);
    const late = new Date(slot.startsAt.getTime() - 24 * HOUR);
    const cancelled = await at(late, () => post(`${OTA}/booking/${booked.Reference}/cancel`, {}));
    expect(cancelled.status).toBe(200);
    expect((cancelled.body.data as BookingView).Refund).toEqual({ Amount: 0, Currency: "EUR" });
    expect((await row(booked.Reference)).refundAmount).toBe(0);
  });
});

describe("a hold released", () => {
  it("refunds nothing: nothing was paid", async () => {
    const activityId = await newActivity(TIERS);
    const slot = await slotIn(activityId, 72);
    const held = await book(slot, { HoldMinutes: 10, Customer: undefined });
    const released = await post(`${OTA}/booking/${held.Reference}/cancel`, {});
    expect(released.status).toBe(200);
    const stored = await row(held.Reference);
    expect(stored.status).toBe("CANCELLED");
    expect(stored.refundAmount).toBeNull();
  });
});

describe("cancels sent at once", () => {
  it("all answer the cancelled booking with its one refund, whichever of them cancelled it", async () => {
    const slot = await slotIn(await newActivity(TIERS), 72);
    const booked = await book(slot);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(`${OTA}/booking/${booked.Reference}/cancel`, {})),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ Status: "cancelled", Refund: { Amount: 2 * PRICE, Currency: "EUR" } });
    }
    expect((await row(booked.Reference)).refundAmount).toBe(2 * PRICE);
  });
});

describe("a cancel the policy forbids", () => {
  it("is 409 not-cancellable for a partner over REST and changes nothing", async () => {
    const activityId = await newActivity([]);
    const slot = await slotIn(activityId, 72);
    const booked = await book(slot);
    const placesBefore = await taken(slot);
    const refused = await post(`${OTA}/booking/${booked.Reference}/cancel`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.type).toMatch(/not-cancellable$/);
    const stored = await row(booked.Reference);
    expect(stored.status).toBe("CONFIRMED");
    expect(stored.refundAmount).toBeNull();
    expect(await taken(slot)).toBe(placesBefore);
    // A dry run answers the quote rather than refusing.
    const dry = await post(`${OTA}/booking/${booked.Reference}/cancel?dryRun=true`, {});
    expect(dry.status).toBe(200);
    expect((dry.body.data as BookingView).Cancellation.Cancellable).toBe(false);
  });

  it("refuses a whole confirmed order when one booking's policy forbids it", async () => {
    const open = await slotIn(await newActivity(TIERS), 72);
    const closed = await slotIn(await newActivity([]), 72);
    const order = await post(`${OTA}/orders`, {
      Items: [open, closed].map((s) => ({ ActivityID: s.activityId, Date: s.date, Time: s.time, Participants: 1 })),
      HoldMinutes: 10,
    });
    expect(order.status).toBe(201);
    const { OrderID, Bookings } = order.body.data as { OrderID: string; Bookings: BookingView[] };
    expect((await post(`${OTA}/orders/${OrderID}/confirm`, { Customer: CUSTOMER })).status).toBe(200);
    const refused = await post(`${OTA}/orders/${OrderID}/cancel`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.type).toMatch(/not-cancellable$/);
    for (const b of Bookings) expect((await row(b.Reference)).status).toBe("CONFIRMED");
  });

  it("still lets a partner release a hold, an order on hold and an OCTO reservation at once", async () => {
    const slot = await slotIn(await newActivity([]), 72);
    const placesBefore = await taken(slot);
    const held = await book(slot, { HoldMinutes: 10, Customer: undefined });
    const released = await post(`${OTA}/booking/${held.Reference}/cancel`, {});
    expect(released.status).toBe(200);
    expect((released.body.data as BookingView).Status).toBe("cancelled");

    const order = await post(`${OTA}/orders`, {
      Items: [{ ActivityID: slot.activityId, Date: slot.date, Time: slot.time, Participants: 1 }],
      HoldMinutes: 10,
    });
    expect(order.status).toBe(201);
    const { OrderID } = order.body.data as { OrderID: string };
    expect((await post(`${OTA}/orders/${OrderID}/cancel`, {})).status).toBe(200);

    const uuid = randomUUID();
    const reserved = await api.request("/octo/bookings", {
      method: "POST",
      key: otaKey,
      json: {
        uuid,
        productId: slot.activityId,
        optionId: "DEFAULT",
        availabilityId: `${slot.date}T${slot.time}:00+00:00`,
        unitItems: [{ unitId: "adult" }],
      },
    });
    expect(((await reserved.json()) as { cancellable: boolean }).cancellable).toBe(true);
    const cancelled = await api.request(`/octo/bookings/${uuid}/cancel`, { method: "POST", key: otaKey, json: {} });
    expect(cancelled.status).toBe(200);
    expect(await taken(slot)).toBe(placesBefore);
  });

  it("is OCTO's UNPROCESSABLE_ENTITY over /octo and changes nothing", async () => {
    const slot = await slotIn(await newActivity([]), 72);
    const uuid = randomUUID();
    const reserved = await api.request("/octo/bookings", {
      method: "POST",
      key: otaKey,
      json: {
        uuid,
        productId: slot.activityId,
        optionId: "DEFAULT",
        availabilityId: `${slot.date}T${slot.time}:00+00:00`,
        unitItems: [{ unitId: "adult" }],
      },
    });
    expect(reserved.status).toBe(200);
    const confirmed = await api.request(`/octo/bookings/${uuid}/confirm`, {
      method: "POST",
      key: otaKey,
      json: { contact: { fullName: "Ana Silva", emailAddress: "ana@example.com" } },
    });
    expect(confirmed.status).toBe(200);
    // The confirmed booking says beforehand what its policy lets the reseller do.
    expect(((await confirmed.json()) as { cancellable: boolean }).cancellable).toBe(false);
    const refused = await api.request(`/octo/bookings/${uuid}/cancel`, { method: "POST", key: otaKey, json: {} });
    expect(refused.status).toBe(400);
    expect(zErrorUnprocessableEntity.parse(await refused.json()).error).toBe("UNPROCESSABLE_ENTITY");
    expect((await api.db.booking.findFirstOrThrow({ where: { octoUuid: uuid } })).status).toBe("CONFIRMED");
  });

  it("lets the operator cancel from the console, with the refund the policy gives", async () => {
    const forbidden = await book(await slotIn(await newActivity([]), 72));
    const afterCancel = await desk.console.bookings.cancel.mutate({ reference: forbidden.Reference });
    expect(afterCancel.status).toBe("CANCELLED");
    expect(afterCancel.refund).toEqual({ amount: 0, currency: "EUR" });

    const tiered = await book(await slotIn(await newActivity(TIERS), 30));
    const cancelled = await desk.console.bookings.cancel.mutate({ reference: tiered.Reference });
    expect(cancelled.refund).toEqual({ amount: PRICE, currency: "EUR" });
    expect((await row(tiered.Reference)).refundAmount).toBe(PRICE);
  });

  it("is refused to everyone once the timeslot has started", async () => {
    const slot = await slotIn(await newActivity(TIERS), 2);
    const booked = await book(slot);
    const started = new Date(slot.startsAt.getTime() + 1);
    const refused = await at(started, () => post(`${OTA}/booking/${booked.Reference}/cancel`, {}));
    expect(refused.status).toBe(409);
    expect(refused.body.type).toMatch(/timeslot-unavailable$/);
    await expect(
      at(started, () => desk.console.bookings.cancel.mutate({ reference: booked.Reference })),
    ).rejects.toBeInstanceOf(TRPCClientError);
  });
});
