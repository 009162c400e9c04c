import { TRPCClientError } from "@trpc/client";
import { beforeAll, describe, expect, it } from "vitest";

import { instantToLocal } from "@slotwise/core";
import { checkInTicket, scannedTicket } from "@slotwise/db";

import { bookingBody, openSlot } from "./fixtures.ts";
import { OTA, startApi, type Api } from "./harness.ts";
import { trpcClient } from "./trpc-client.ts";

let api: Api;
let client: ReturnType<typeof trpcClient>;
let key: string;
beforeAll(async () => {
  api = await startApi();
  client = trpcClient(api.base);
  await client.console.session.signIn.mutate({ email: "demo@example.com", password: "correct-horse-battery" });
  key = await api.key();
});

const problemOf = (error: unknown) =>
  error instanceof TRPCClientError
    ? (error.shape as { problem?: { status: number; kind: string } }).problem
    : undefined;

async function refused(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    return problemOf(error);
  }
  throw new Error("the call was not refused");
}

interface Booked {
  Reference: string;
  Tickets: { Code: string }[];
}

async function book(info: Awaited<ReturnType<typeof openSlot>>, participants: number): Promise<Booked> {
  const response = await api.request(`${OTA}/booking`, {
    method: "POST",
    key,
    json: bookingBody(info, { Participants: participants }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: Booked }).data;
}

/** Moves a timeslot and its bookings to start at `at`. */
async function moveSlot(timeslotId: number, at: Date) {
  await api.db.timeslot.update({ where: { id: timeslotId }, data: { startsAt: at } });
  await api.db.booking.updateMany({ where: { timeslotId }, data: { startsAt: at } });
}

describe("the console's manifest", () => {
  it("lists a day's guests, checks them in by code, counts, and marks no-shows once the timeslot ends", async () => {
    const info = await openSlot(api.db, { free: 3, party: 2 });
    const family = await book(info, 2);
    const late = await book(info, 1);
    await api.db.booking.update({ where: { reference: late.Reference }, data: { waiverStatus: "PENDING" } });
    const startedNow = new Date();
    await moveSlot(info.slot.id, startedNow);
    const date = instantToLocal(startedNow, info.product.timeZone).date;

    const slotOf = async (day: string) => {
      const manifest = await client.console.manifest.day.query({ date: day });
      expect(manifest.date).toBe(day);
      const slot = manifest.timeslots.find((s) => s.id === info.slot.id);
      if (!slot) throw new Error("the timeslot is not on the manifest");
      return slot;
    };
    const today = await client.console.manifest.day.query({});
    expect(today.date).toBe(instantToLocal(new Date(), "Europe/Lisbon").date);
    const before = await slotOf(date);
    expect(before).toMatchObject({ activity: info.product.name, ended: false });
    const guest = (reference: string) => before.guests.find((g) => g.reference === reference);
    expect(guest(family.Reference)).toMatchObject({
      name: "Ana Silva",
      persons: 2,
      units: [{ unitId: "adult", quantity: 2 }],
      waiver: "complete",
      checkedIn: 0,
      noShow: false,
    });
    expect(guest(late.Reference)).toMatchObject({ persons: 1, waiver: "missing" });
    expect(before.counts.booked).toBe(before.guests.reduce((sum, g) => sum + g.persons, 0));
    expect(before.counts.waiting).toBe(before.counts.booked - before.counts.checkedIn);

    const csv = await client.console.manifest.csv.query({ date });
    expect(csv.filename).toBe(`manifest-${date}.csv`);
    expect(csv.csv.split("\n")[0]).toContain('"reference","name","units","waiver"');
    expect(csv.csv).toContain(`"${family.Reference}","Ana Silva","2 adult","complete","2","0","no"`);
    expect(csv.csv).toContain(`"${late.Reference}"`);

    const code = family.Tickets[0]!.Code;
    expect(await client.console.manifest.checkIn.mutate({ code })).toMatchObject({
      reference: family.Reference,
      firstScan: true,
    });
    expect(await client.console.manifest.checkIn.mutate({ code })).toMatchObject({ firstScan: false });
    const after = await slotOf(date);
    expect(after.counts).toEqual({
      booked: before.counts.booked,
      checkedIn: before.counts.checkedIn + 1,
      waiting: before.counts.waiting - 1,
    });
    expect(after.guests.find((g) => g.reference === family.Reference)?.checkedIn).toBe(1);
    expect(await refused(client.console.manifest.checkIn.mutate({ code: "f".repeat(32) }))).toMatchObject({
      status: 404,
    });

    expect(await refused(client.console.manifest.markNoShows.mutate({ timeslotId: info.slot.id }))).toMatchObject({
      status: 409,
      kind: "timeslot-not-ended",
    });
    expect(await api.db.booking.count({ where: { timeslotId: info.slot.id, noShowAt: { not: null } } })).toBe(0);

    const ended = new Date(Date.now() - (info.product.durationMinutes + 1) * 60_000);
    await moveSlot(info.slot.id, ended);
    const unchecked = await api.db.booking.count({
      where: { timeslotId: info.slot.id, status: "CONFIRMED", tickets: { none: { checkedInAt: { not: null } } } },
    });
    const first = await client.console.manifest.markNoShows.mutate({ timeslotId: info.slot.id });
    expect(first).toEqual({ marked: unchecked, total: unchecked });
    const again = await client.console.manifest.markNoShows.mutate({ timeslotId: info.slot.id });
    expect(again).toEqual({ marked: 0, total: unchecked });
    const marked = await api.db.booking.findMany({
      where: { reference: { in: [family.Reference, late.Reference] } },
      select: { reference: true, noShowAt: true },
    });
    expect(marked.find((b) => b.reference === late.Reference)?.noShowAt).not.toBeNull();
    expect(marked.find((b) => b.reference === family.Reference)?.noShowAt).toBeNull();
    const endedSlot = await slotOf(instantToLocal(ended, info.product.timeZone).date);
    expect(endedSlot.ended).toBe(true);
    expect(endedSlot.guests.find((g) => g.reference === late.Reference)?.noShow).toBe(true);

    // A guest marked as not come who arrives after all is checked in, and no longer a no-show.
    const lateBooking = await api.db.booking.findFirstOrThrow({
      where: { reference: late.Reference },
      select: { id: true, operatorId: true, tickets: { select: { code: true }, orderBy: { id: "asc" } } },
    });
    const lateTicket = await scannedTicket(api.db, lateBooking.tickets[0]!.code, lateBooking.operatorId);
    await checkInTicket(api.db, lateTicket!, new Date());
    expect((await api.db.booking.findUniqueOrThrow({ where: { id: lateBooking.id } })).noShowAt).toBeNull();
    expect(await client.console.manifest.markNoShows.mutate({ timeslotId: info.slot.id })).toEqual({
      marked: 0,
      total: unchecked - 1,
    });
  });

  it("shows and marks only the operator's own timeslots", async () => {
    const elsewhere = await openSlot(api.db, { operator: "harbour" });
    expect(await refused(client.console.manifest.markNoShows.mutate({ timeslotId: elsewhere.slot.id }))).toMatchObject({
      status: 404,
    });
    const day = await client.console.manifest.day.query({ date: elsewhere.date });
    expect(day.timeslots.map((s) => s.id)).not.toContain(elsewhere.slot.id);
    expect(await refused(client.console.manifest.day.query({ date: "yesterday" }))).toMatchObject({ status: 422 });
  });
});
