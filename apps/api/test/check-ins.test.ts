import { beforeAll, describe, expect, it } from "vitest";

import { checkInTicket, scannedTicket } from "@slotwise/db";

import { webhookBody } from "../src/webhooks/webhook-body.ts";
import { bookingBody, openSlot } from "./fixtures.ts";
import { GENEROUS_GUARDS, OTA, problemOf, startApi, type Api } from "./harness.ts";
import { todaySlot } from "./today-slot.ts";

let api: Api;
let otaKey: string;
let checkinKey: string;
beforeAll(async () => {
  api = await startApi();
  otaKey = await api.key();
  checkinKey = await api.key({ scopes: ["checkin"] });
});

interface Booked {
  Reference: string;
  Tickets: { UnitID: string; Code: string; Url: string }[];
  CheckedIn: number;
}

/** A confirmed booking of two, today in its activity's zone (or two days ahead or more). */
async function bookToday(today = true) {
  const info = today ? await todaySlot(api.db) : await openSlot(api.db, { free: 2 });
  const response = await api.request(`${OTA}/booking`, {
    method: "POST",
    key: otaKey,
    json: bookingBody(info, { Participants: 2 }),
  });
  expect(response.status).toBe(201);
  const booked = ((await response.json()) as { data: Booked }).data;
  return booked;
}

const scan = (Code: unknown, key = checkinKey) =>
  api.request("/api/v2/operator/check-ins", { method: "POST", key, json: { Code } });

describe("check-in", () => {
  it("issues one ticket per person, with a public page and QR image", async () => {
    const booked = await bookToday(false);
    expect(booked.Tickets).toHaveLength(2);
    expect(new Set(booked.Tickets.map((t) => t.Code)).size).toBe(2);
    const code = booked.Tickets[0]!.Code;
    const page = await api.request(`/api/v2/tickets/${code}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(code);
    const svg = await api.request(`/api/v2/tickets/${code}.svg`);
    expect(svg.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(await svg.text()).toMatch(/^<svg/);
    expect((await api.request(`/api/v2/tickets/${"0".repeat(32)}`)).status).toBe(404);
  });

  it("checks a person in exactly once under 20 scans at once, and counts them", async () => {
    const booked = await bookToday();
    const code = booked.Tickets[0]!.Code;
    const answers = await Promise.all(Array.from({ length: 20 }, () => scan(code)));
    expect(answers.map((r) => r.status)).toEqual(Array<number>(20).fill(200));
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as {
      data: { FirstScan: boolean; CheckedInAt: string; Reference: string; UnitID: string };
    }[];
    expect(bodies.filter((b) => b.data.FirstScan)).toHaveLength(1);
    expect(new Set(bodies.map((b) => b.data.CheckedInAt)).size).toBe(1);
    expect(bodies[0]!.data).toMatchObject({ Reference: booked.Reference, UnitID: "adult" });
    const meters = await api.db.usageEntry.findMany({ where: { meter: "guest-checked-in" } });
    expect(meters).toHaveLength(1);
    expect(JSON.parse(meters[0]!.extraInfo ?? "{}")).toMatchObject({ Reference: booked.Reference });
    const read = await api.request(`${OTA}/booking/${booked.Reference}`, { key: otaKey });
    expect(((await read.json()) as { data: Booked }).data.CheckedIn).toBe(1);
  });

  it("tells the partner's webhooks of each check-in, with the persons checked in so far", async () => {
    const booked = await bookToday();
    const booking = await api.db.booking.update({
      where: { reference: booked.Reference },
      data: { noShowAt: new Date() },
      select: { id: true, operatorId: true, partnerId: true },
    });
    const endpoint = await api.db.webhookEndpoint.create({
      data: {
        operatorId: booking.operatorId,
        partnerId: booking.partnerId!,
        url: "https://hooks.example.com/check-ins",
        events: ["booking.checked_in"],
        secret: "whsec_check_ins",
      },
    });
    try {
      for (const ticket of booked.Tickets) expect((await scan(ticket.Code)).status).toBe(200);
      expect((await scan(booked.Tickets[0]!.Code)).status).toBe(200);
      const events = await api.db.webhookEvent.findMany({
        where: { type: "booking.checked_in", deliveries: { some: { endpointId: endpoint.id } } },
        orderBy: { id: "asc" },
      });
      expect(events.map((e) => e.data)).toMatchObject([
        { reference: booked.Reference, status: "CONFIRMED", checked_in: 1, no_show_at: null },
        { reference: booked.Reference, checked_in: 2, no_show_at: null },
      ]);
      // What the partner is sent: how many are in, not cancellable any more, and no ticket codes.
      const sent = events.map((e) => (JSON.parse(webhookBody(e)) as { Data: Record<string, unknown> }).Data);
      expect(sent).toMatchObject([
        { CheckedIn: 1, Cancellation: { Cancellable: false } },
        { CheckedIn: 2, Cancellation: { Cancellable: false } },
      ]);
      expect(sent.every((data) => !("Tickets" in data))).toBe(true);
      expect((await api.db.booking.findUniqueOrThrow({ where: { id: booking.id } })).noShowAt).toBeNull();
    } finally {
      await api.db.webhookEndpoint.delete({ where: { id: endpoint.id } });
    }
  });

  it("refuses a ticket whose booking is cancelled after the scan read it confirmed", async () => {
    const booked = await bookToday(false);
    const ticket = await api.db.ticket.findUniqueOrThrow({ where: { code: booked.Tickets[0]!.Code } });
    // The procedure has read the booking confirmed; the cancellation commits before the check-in.
    const scanned = await scannedTicket(api.db, ticket.code, ticket.operatorId);
    expect(scanned?.status).toBe("CONFIRMED");
    const cancel = await api.request(`${OTA}/booking/${booked.Reference}/cancel`, { method: "POST", key: otaKey });
    expect(cancel.status).toBe(200);
    await expect(checkInTicket(api.db, scanned!, new Date())).rejects.toMatchObject({ kind: "ticket-void" });
    expect((await api.db.ticket.findUniqueOrThrow({ where: { id: ticket.id } })).checkedInAt).toBeNull();
    expect(
      await api.db.usageEntry.count({ where: { meter: "guest-checked-in", dedupeKey: `ticket:${ticket.id}` } }),
    ).toBe(0);
  });

  it("refuses void tickets, other days, unknown codes and other operators' codes", async () => {
    const cancelled = await bookToday();
    const cancel = await api.request(`${OTA}/booking/${cancelled.Reference}/cancel`, { method: "POST", key: otaKey });
    expect(cancel.status).toBe(200);
    const voided = await scan(cancelled.Tickets[0]!.Code);
    expect(voided.status).toBe(409);
    expect((await problemOf(voided)).problem.type).toMatch(/ticket-void$/);
    expect(await (await api.request(`/api/v2/tickets/${cancelled.Tickets[0]!.Code}`)).text()).toContain("VOID");

    const later = await bookToday(false);
    const wrongDay = await scan(later.Tickets[0]!.Code);
    expect(wrongDay.status).toBe(409);
    const { problem } = await problemOf(wrongDay);
    expect(problem.type).toMatch(/ticket-wrong-day$/);
    expect(problem).toHaveProperty("date");

    expect((await scan("f".repeat(32))).status).toBe(404);
    const otherOperator = await api.key({ operator: "harbour", scopes: ["checkin"] });
    const elsewhere = await scan(later.Tickets[0]!.Code, otherOperator);
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.text()).not.toContain(later.Reference);
    expect((await scan("x".repeat(10_240))).status).toBe(422);
    expect((await scan("abc\u0000def")).status).toBe(422);
    const ota = await scan(later.Tickets[0]!.Code, otaKey);
    expect(ota.status).toBe(403);
  });
});

describe("check-in rate limit", () => {
  it("counts wrong codes as failed authentications", async () => {
    const limited = await startApi({
      guards: { ...GENEROUS_GUARDS, authFailuresPer10Minutes: 5 },
    });
    const key = await limited.key({ scopes: ["checkin"] });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push(
        (await limited.request("/api/v2/operator/check-ins", { method: "POST", key, json: { Code: "e".repeat(32) } }))
          .status,
      );
    expect(statuses).toContain(429);
  });
});
