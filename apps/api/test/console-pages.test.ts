import { TRPCClientError } from "@trpc/client";
import { beforeAll, describe, expect, it } from "vitest";

import { bookingBody, openSlot } from "./fixtures.ts";
import { OTA, startApi, type Api } from "./harness.ts";
import { trpcClient } from "./trpc-client.ts";

let api: Api;
let client: ReturnType<typeof trpcClient>;
let partnerReference: string;

beforeAll(async () => {
  api = await startApi();
  client = trpcClient(api.base);
  await client.console.session.signIn.mutate({ email: "demo@example.com", password: "correct-horse-battery" });
  const key = await api.key();
  const info = await openSlot(api.db, { free: 2, productName: "Sunset Kayak Tour" });
  const response = await api.request(`${OTA}/booking`, {
    method: "POST",
    key,
    json: bookingBody(info, { PaymentReference: "CONSOLE-TEST-PAY-7" }),
  });
  expect(response.status).toBe(201);
  partnerReference = ((await response.json()) as { data: { Reference: string } }).data.Reference;
});

/** The problem description every tRPC error carries, as the console shows it. */
const problemOf = (error: unknown) =>
  error instanceof TRPCClientError
    ? (error.shape as { problem?: { status: number; extra: { errors?: { field: string }[] } } }).problem
    : undefined;

describe("console bookings", () => {
  it("pages through all of the operator's bookings, newest activity first by default", async () => {
    const first = await client.console.bookings.list.query({ pageSize: 10 });
    const total = await api.db.booking.count({ where: { operator: { slug: "demo" } } });
    expect(first.total).toBe(total);
    expect(first.pages).toBe(Math.ceil(total / 10));
    expect(first.rows).toHaveLength(10);
    const second = await client.console.bookings.list.query({ pageSize: 10, page: 2 });
    const starts = [...first.rows, ...second.rows].map((r) => `${r.starts.date}T${r.starts.time}`);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(new Set([...first.rows, ...second.rows].map((r) => r.reference)).size).toBe(20);
  });

  it("finds the partner booking by reference, customer or payment reference, with its partner", async () => {
    for (const search of [partnerReference.toLowerCase(), "CONSOLE-TEST-PAY", "test-pay-7"]) {
      const page = await client.console.bookings.list.query({ search });
      expect(page.rows.map((r) => r.reference)).toEqual([partnerReference]);
      expect(page.rows[0]).toMatchObject({
        source: "PARTNER",
        partner: { slug: "acme-travel", name: "Acme Travel" },
        paymentReference: "CONSOLE-TEST-PAY-7",
      });
    }
    const byName = await client.console.bookings.list.query({ search: "ana silva", source: "PARTNER" });
    expect(byName.rows.map((r) => r.reference)).toContain(partnerReference);
  });

  it("filters by source, status, waiver status, activity and activity date on the server", async () => {
    for (const source of ["PARTNER", "ONLINE", "POS"] as const) {
      const page = await client.console.bookings.list.query({ source, pageSize: 200 });
      expect(page.total).toBe(await api.db.booking.count({ where: { operator: { slug: "demo" }, source } }));
      expect(page.rows.every((r) => r.source === source)).toBe(true);
    }
    const cancelled = await client.console.bookings.list.query({
      status: "CANCELLED",
      waiverStatus: "PENDING",
      pageSize: 200,
    });
    expect(cancelled.rows.every((r) => r.status === "CANCELLED" && r.waiverStatus === "PENDING")).toBe(true);
    const { activities } = await client.console.bookings.filterOptions.query();
    const activity = activities[0]!;
    const byActivity = await client.console.bookings.list.query({ productId: activity.id, pageSize: 200 });
    expect(byActivity.rows.every((r) => r.activity === activity.name)).toBe(true);
    const day = byActivity.rows[0]!.starts.date;
    const onDay = await client.console.bookings.list.query({ from: day, to: day, pageSize: 200 });
    expect(onDay.total).toBeGreaterThan(0);
    expect(onDay.rows.every((r) => r.starts.date === day)).toBe(true);
  });

  it("sorts by customer and by reference, both ways", async () => {
    const asc = await client.console.bookings.list.query({ sort: "reference", direction: "asc", pageSize: 50 });
    const refs = asc.rows.map((r) => r.reference);
    expect(refs).toEqual([...refs].sort());
    const desc = await client.console.bookings.list.query({ sort: "customer", direction: "desc", pageSize: 50 });
    expect(desc.rows).toHaveLength(50);
  });

  it("shows a booking's details and history, and cancels it giving its places back", async () => {
    const detail = await client.console.bookings.get.query({ reference: partnerReference });
    expect(detail).toMatchObject({
      reference: partnerReference,
      status: "CONFIRMED",
      source: "PARTNER",
      paymentReference: "CONSOLE-TEST-PAY-7",
      cancellable: true,
    });
    expect(detail.waiver.length).toBeGreaterThan(0);
    expect(detail.waiver.find((q) => q.type === "FILE")?.value).toBe("https://files.example.com/id.pdf");
    expect(detail.history.map((e) => e.type)).toContain("created");
    const placesBefore = detail.timeslot.placesTaken;

    const cancelled = await client.console.bookings.cancel.mutate({ reference: partnerReference });
    expect(cancelled).toMatchObject({ status: "CANCELLED", cancellable: false });
    expect(cancelled.timeslot.placesTaken).toBe(placesBefore - detail.participants);
    expect(cancelled.history.at(-1)).toMatchObject({ type: "cancelled", actor: "console:demo@example.com" });
    // A second click changes nothing.
    const again = await client.console.bookings.cancel.mutate({ reference: partnerReference });
    expect(again.timeslot.placesTaken).toBe(cancelled.timeslot.placesTaken);
  });

  it("does not show another operator's booking", async () => {
    const other = await api.db.booking.findFirstOrThrow({ where: { operator: { slug: "harbour" } } });
    await expect(client.console.bookings.get.query({ reference: other.reference })).rejects.toSatisfy(
      (e) => problemOf(e)?.status === 404,
    );
  });
});

describe("console API keys", () => {
  it("creates a key whose secret works once shown, lists it, and revokes it", async () => {
    const created = await client.console.keys.create.mutate({
      name: "Console test",
      scopes: ["ota"],
      partner: "acme-travel",
      expiresInDays: 30,
    });
    expect(created.key).toMatch(/^sw_/);
    expect(created.apiKey).toMatchObject({ state: "active", partner: { slug: "acme-travel" }, scopes: ["ota"] });
    expect((await api.request(`${OTA}/products`, { key: created.key })).status).toBe(200);

    const listed = await client.console.keys.list.query();
    expect(listed.find((k) => k.prefix === created.apiKey.prefix)).toMatchObject({
      name: "Console test",
      revokedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(created.key);

    await client.console.keys.revoke.mutate({ prefix: created.apiKey.prefix });
    expect((await api.request(`${OTA}/products`, { key: created.key })).status).toBe(401);
    expect((await client.console.keys.list.query()).find((k) => k.prefix === created.apiKey.prefix)?.state).toBe(
      "revoked",
    );
  });

  it("refuses an ota key without a partner, with the field named", async () => {
    await expect(client.console.keys.create.mutate({ scopes: ["ota"] })).rejects.toSatisfy(
      (e) => problemOf(e)?.status === 422 && problemOf(e)?.extra.errors?.[0]?.field === "partner",
    );
  });
});

describe("console activities and outbox", () => {
  it("gives 14 local days of an activity's timeslots with capacity, places taken and the waitlist", async () => {
    const activities = await client.console.activities.list.query();
    expect(activities.length).toBeGreaterThan(0);
    const grid = await client.console.activities.grid.query({ productId: activities[0]!.id });
    expect(grid.days).toHaveLength(14);
    expect(grid.slots.length).toBeGreaterThan(0);
    expect(grid.slots.every((s) => grid.days.includes(s.date) && s.placesTaken <= s.capacity)).toBe(true);
    const waiting = await api.db.waitlistEntry.count({
      where: { timeslotId: { in: grid.slots.map((s) => s.id) }, notifiedAt: null },
    });
    expect(grid.slots.reduce((n, s) => n + s.waitlist.entries, 0)).toBe(waiting);
  });

  it("marks the timeslots past their booking cut-off, which the point of sale no longer offers", async () => {
    const [activity] = await client.console.activities.list.query();
    const product = await api.db.product.findUniqueOrThrow({ where: { id: activity!.id } });
    const cutoffEnds = Date.now() + product.bookingCutoffMinutes * 60_000;
    // Off the seed's whole hours, so that neither meets a seeded timeslot.
    const [closing, open] = await Promise.all(
      [cutoffEnds - 60_000, cutoffEnds + 2 * 3_600_000].map((at) =>
        api.db.timeslot.create({
          data: { productId: product.id, startsAt: new Date(Math.floor(at / 60_000) * 60_000 + 17_000), capacity: 5 },
        }),
      ),
    );
    const grid = await client.console.activities.grid.query({ productId: product.id });
    const salesClosed = (id: number) => grid.slots.find((s) => s.id === id)?.salesClosed;
    expect([salesClosed(closing!.id), salesClosed(open!.id)]).toEqual([true, false]);
  });

  it("lists e-mails with their kind and status, and counts per status", async () => {
    const page = await client.console.outbox.list.query({ pageSize: 10 });
    const all = await api.db.outboxEmail.count({ where: { operator: { slug: "demo" } } });
    expect(page.total).toBe(all);
    expect(page.counts.QUEUED + page.counts.SENT + page.counts.FAILED).toBe(all);
    const sent = await client.console.outbox.list.query({ status: "SENT" });
    expect(sent.rows.every((e) => e.status === "SENT")).toBe(true);
  });

  it("refuses every console procedure without a session", async () => {
    const anonymous = trpcClient(api.base);
    await expect(anonymous.console.bookings.list.query({})).rejects.toSatisfy((e) => problemOf(e)?.status === 401);
    await expect(anonymous.console.keys.list.query()).rejects.toSatisfy((e) => problemOf(e)?.status === 401);
  });
});
