import { beforeAll, describe, expect, it } from "vitest";

import { OTA, startApi, type Api } from "./harness.ts";
import { CUSTOMER, oneOffSlot, policyActivity, PRICE, TIERS } from "./policy-activities.ts";
import { trpcClient } from "./trpc-client.ts";
import { until } from "./until.ts";

let api: Api;
let catalogKey: string;
let otaKey: string;
let desk: ReturnType<typeof trpcClient>;

beforeAll(async () => {
  api = await startApi();
  catalogKey = await api.key({ scopes: ["catalog"] });
  otaKey = await api.key();
  desk = trpcClient(api.base);
  await desk.console.session.signIn.mutate({ email: "demo@example.com", password: "correct-horse-battery" });
});

async function post(path: string, json: unknown, key = otaKey) {
  const response = await api.request(path, { method: "POST", key, json });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const newActivity = () => policyActivity(api, catalogKey, TIERS);
const slotIn = (activityId: string, hoursAhead: number) => oneOffSlot(api, catalogKey, activityId, hoursAhead);

async function book(activityId: string, slot: { date: string; time: string }) {
  const made = await post(`${OTA}/booking`, {
    ActivityID: activityId,
    Date: slot.date,
    Time: slot.time,
    Participants: 2,
    Customer: CUSTOMER,
  });
  expect(made.status).toBe(201);
  return made.body.data as { Reference: string; Total: { Amount: number } };
}

const waitingForLocks = async () =>
  (
    await api.db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock'`
  )[0]!.n;

/**
 * Holds the booking's row lock while `first` and then `second` start, each seen waiting for it
 * before the next begins, then lets go: the row lock is granted in the order they queued.
 */
async function queuedBehindLock<A, B>(reference: string, first: () => Promise<A>, second: () => Promise<B>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = api.db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT id FROM bookings WHERE reference = ${reference} FOR UPDATE`;
      locked();
      await released;
    },
    { timeout: 30_000 },
  );
  await isLocked;
  const a = first();
  await until(async () => (await waitingForLocks()) >= 1);
  const b = second();
  await until(async () => (await waitingForLocks()) >= 2);
  release();
  await holder;
  return Promise.all([a, b]);
}

describe("a cancel racing a change", () => {
  it("stores the refund of the booking as changed, not as it was read before the change", async () => {
    const activityId = await newActivity();
    const far = await slotIn(activityId, 72);
    const near = await slotIn(activityId, 30);
    const booked = await book(activityId, far);
    expect(booked.Total.Amount).toBe(2 * PRICE);
    const [changed, cancelled] = await queuedBehindLock(
      booked.Reference,
      () => post(`${OTA}/booking/${booked.Reference}/change`, { Date: near.date, Time: near.time }),
      () => post(`${OTA}/booking/${booked.Reference}/cancel`, {}),
    );
    expect(changed.status).toBe(200);
    expect(cancelled.status).toBe(200);
    // Cancelled 30 hours before its new start: the 24-hour tier, half of the total.
    const stored = await api.db.booking.findFirstOrThrow({ where: { reference: booked.Reference } });
    expect(stored.status).toBe("CANCELLED");
    expect(stored.startsAt.toISOString().slice(0, 10)).toBe(near.date);
    expect(stored.refundAmount).toBe(PRICE);
    expect((cancelled.body.data as { Refund: { Amount: number } }).Refund.Amount).toBe(PRICE);
    const event = await api.db.bookingEvent.findFirstOrThrow({ where: { bookingId: stored.id, type: "cancelled" } });
    expect(event.detail).toEqual({ refundAmount: PRICE });
  });

  it("cancels once when the partner and the desk cancel at once, with one refund", async () => {
    const activityId = await newActivity();
    const booked = await book(activityId, await slotIn(activityId, 72));
    const [partner, desked] = await queuedBehindLock(
      booked.Reference,
      () => post(`${OTA}/booking/${booked.Reference}/cancel`, {}),
      () => desk.console.bookings.cancel.mutate({ reference: booked.Reference }),
    );
    expect(partner.status).toBe(200);
    expect(desked.status).toBe("CANCELLED");
    const stored = await api.db.booking.findFirstOrThrow({ where: { reference: booked.Reference } });
    expect(stored.refundAmount).toBe(2 * PRICE);
    expect(await api.db.bookingEvent.count({ where: { bookingId: stored.id, type: "cancelled" } })).toBe(1);
  });
});
