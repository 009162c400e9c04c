import { connect, type Socket } from "node:net";

import { beforeAll, describe, expect, it } from "vitest";

import { slotKey } from "../src/services/book-timeslot.ts";
import { bookingBody, openSlot, type SlotInfo } from "./fixtures.ts";
import { METRICS_TOKEN, OTA, startApi, type Api } from "./harness.ts";
import { seriesValue } from "./prometheus-text.ts";

// The same requests to a server with the early refusal and to one without it (each over its
// own copy of the demo data): every answer must be the same, byte for byte.
let early: Api;
let slow: Api;
let keys: { early: string; slow: string };
beforeAll(async () => {
  [early, slow] = await Promise.all([startApi(), startApi({ earlyRefusals: "off" })]);
  keys = { early: await early.key(), slow: await slow.key() };
});

const book = (api: Api, key: string, body: unknown, headers: Record<string, string> = {}) =>
  api.request(`${OTA}/booking`, { method: "POST", key, json: body, headers });

/** A counter of the early-refusal server, so far. */
async function counted(name: string, labels: Record<string, string> = {}): Promise<number> {
  const response = await fetch(`${early.base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  return seriesValue(await response.text(), name, labels);
}

/** Bookings the early-refusal server answered at its edge so far. */
const refusedEarly = () => counted("slotwise_early_refusals_total");

/** Turns the edge handed to a procedure that only the time limit ended, so far. */
const endedByTimeLimit = () => counted("slotwise_handed_turns_total", { end: "time-limit" });

/** Status, headers (those that differ per response left out) and body text. */
async function answer(response: Response) {
  const headers = Object.fromEntries(
    [...response.headers].filter(([name]) => !["date", "x-request-id", "ratelimit-remaining"].includes(name)),
  );
  return { status: response.status, headers, body: await response.text() };
}

/** A full timeslot of the product (the same one on both servers), and one refusal sent to it already. */
async function fullSlot(api: Api, key: string): Promise<SlotInfo> {
  const info = await openSlot(api.db, { productName: "Tuk-Tuk Hills Tour", free: 2 });
  await api.db.timeslot.update({ where: { id: info.slot.id }, data: { placesTaken: info.slot.capacity } });
  expect((await book(api, key, bookingBody(info))).status).toBe(409);
  return info;
}

/**
 * A timeslot of the early-refusal server with exactly `free` places left (1 to 7), refused once
 * already, so that the next attempts on it go through the early refusal and its turn.
 */
async function contendedSlot(free: number): Promise<SlotInfo> {
  const info = await openSlot(early.db, { productName: "Sunset Kayak Tour", free });
  const slot = await early.db.timeslot.update({
    where: { id: info.slot.id },
    data: { placesTaken: info.slot.capacity - free },
  });
  expect((await book(early, keys.early, bookingBody(info, { Participants: free + 1 }))).status).toBe(409);
  return { ...info, slot: { ...info.slot, placesTaken: slot.placesTaken } };
}

/** The timeslot is not held: a booking sells within 5 s, and no handed turn needed its time limit. */
async function expectNextBookingSold(info: SlotInfo, limitedBefore: number) {
  const next = await early.request(`${OTA}/booking`, {
    method: "POST",
    key: keys.early,
    json: bookingBody(info),
    signal: AbortSignal.timeout(5_000),
  });
  expect(next.status).toBe(201);
  expect(await endedByTimeLimit()).toBe(limitedBefore);
}

/** Attempts queued or selling in the timeslot's turn on the early-refusal server. */
function queued(info: SlotInfo): number {
  return early.saleTurns.pending(slotKey(info.product, { Date: info.date, Time: info.time }));
}

/**
 * A sale of the timeslot stuck on its row (locked by the test) until `unlock`, holding the
 * timeslot's turn meanwhile. With an Idempotency-Key it skips the early refusal and queues in its
 * procedure: no turn handed to it, no time limit on it.
 */
async function stuckSale(info: SlotInfo) {
  let unlock = () => {};
  const unlocked = new Promise<void>((resolve) => {
    unlock = resolve;
  });
  let locked = () => {};
  const rowLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const lock = early.db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT id FROM timeslots WHERE id = ${info.slot.id} FOR UPDATE`;
      locked();
      await unlocked;
    },
    { timeout: 30_000 },
  );
  await rowLocked;
  const answer = book(early, keys.early, bookingBody(info), { "Idempotency-Key": `stuck-${info.slot.id}` });
  const waitingOnRow = async () =>
    Number(
      (
        await early.db.$queryRaw<{ n: bigint }[]>`
          SELECT count(*) AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`
      )[0]?.n,
    );
  await expect.poll(waitingOnRow, { timeout: 10_000 }).toBeGreaterThan(0);
  return {
    answer,
    unlock: async () => {
      unlock();
      await lock;
    },
  };
}

const placesTaken = async (info: SlotInfo) =>
  (await early.db.timeslot.findUniqueOrThrow({ where: { id: info.slot.id } })).placesTaken;

describe("early refusal of a booking on a full timeslot", () => {
  it("answers as the procedure does, byte for byte, and still validates the input first", async () => {
    const infos = { early: await fullSlot(early, keys.early), slow: await fullSlot(slow, keys.slow) };
    const both = async (
      overrides: Record<string, unknown>,
      options: { key?: string; headers?: Record<string, string> } = {},
    ) => {
      const a = await answer(
        await book(early, options.key ?? keys.early, bookingBody(infos.early, overrides), options.headers),
      );
      const b = await answer(
        await book(slow, options.key ?? keys.slow, bookingBody(infos.slow, overrides), options.headers),
      );
      expect(a).toEqual(b);
      return a;
    };
    // Each answer the same as the procedure's, and given at the edge only where it is a refusal
    // of the timeslot's places: what the procedure refuses for before those, it still says.
    const expectAnswer = async (
      send: () => ReturnType<typeof both>,
      status: number,
      atEdge: 0 | 1,
    ): ReturnType<typeof both> => {
      const before = await refusedEarly();
      const answered = await send();
      expect(answered.status).toBe(status);
      expect((await refusedEarly()) - before).toBe(atEdge);
      return answered;
    };
    const refused = await expectAnswer(() => both({}), 409, 1);
    expect(refused.headers["content-type"]).toBe("application/problem+json");
    expect(JSON.parse(refused.body)).toMatchObject({
      type: "http://api.test/problems/insufficient-capacity",
      available: 0,
    });
    await expectAnswer(() => both({ Participants: 3 }), 409, 1);
    await expectAnswer(
      () => both({ Customer: { FirstName: "A", LastName: "B", Email: "nope", Phone: "+351912345678" } }),
      422,
      0,
    );
    await expectAnswer(() => both({ Participants: 0 }), 422, 0);
    await expectAnswer(() => both({ Units: [{ UnitID: "dragon", Quantity: 1 }], Participants: undefined }), 422, 0);
    await expectAnswer(() => both({ ActivityID: "s_Unknown123" }), 404, 0);
    await expectAnswer(() => both({}, { key: "sw_not_a_key" }), 401, 0);
    // A replay of an Idempotency-Key gets its first answer: never the early refusal.
    await expectAnswer(() => both({}, { headers: { "Idempotency-Key": "early-1" } }), 409, 0);
  });

  it("sells exactly the free places when many attempts arrive at once", async () => {
    const info = await openSlot(early.db, { free: 6 });
    const each = info.product.minParticipants;
    // Six places left, fewer than the attempts, whatever the timeslot's size.
    const free = 6;
    await early.db.timeslot.update({ where: { id: info.slot.id }, data: { capacity: info.slot.placesTaken + free } });
    // Refused once already, so that the early refusal is in play from the first attempt on.
    await book(early, keys.early, bookingBody(info, { Participants: free + 1 }));
    const statuses = await Promise.all(
      Array.from({ length: 40 }, () =>
        book(early, keys.early, bookingBody(info, { Participants: each })).then((r) => r.status),
      ),
    );
    const sold = statuses.filter((s) => s === 201).length;
    expect(sold).toBe(Math.floor(free / each));
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
    const after = await early.db.timeslot.findUniqueOrThrow({ where: { id: info.slot.id } });
    expect(after.placesTaken).toBe(info.slot.placesTaken + sold * each);
  });

  it("refuses most of a rush at the edge: the attempts it lets through sell in their own turns", async () => {
    const info = await contendedSlot(6);
    const free = 5;
    // The rush piles up in the timeslot's queue behind a sale in progress, as on a busy process.
    const stuck = await stuckSale(info);
    const before = await refusedEarly();
    // All at once: each through `book` would first wait for the API's cache to settle, spreading them out.
    const body = JSON.stringify(bookingBody(info, { Participants: 1 }));
    const headers = { Authorization: `Bearer ${keys.early}`, "Content-Type": "application/json" };
    const rush = Promise.all(
      Array.from({ length: 60 }, () =>
        fetch(`${early.base}${OTA}/booking`, { method: "POST", headers, body }).then((r) => r.status),
      ),
    );
    // All of them in the timeslot's queue behind the stuck sale, however loaded the machine.
    await expect.poll(() => queued(info), { timeout: 20_000 }).toBe(61);
    await stuck.unlock();
    expect((await stuck.answer).status).toBe(201);
    const statuses = await rush;
    expect(statuses.filter((s) => s === 201)).toHaveLength(free);
    expect(statuses.filter((s) => s === 409)).toHaveLength(60 - free);
    expect(await placesTaken(info)).toBe(info.slot.capacity);
    expect((await refusedEarly()) - before).toBeGreaterThan((60 - free) / 2);
  });

  it.each([
    ["closed at once", (socket: Socket) => socket.destroy()],
    ["never read", (socket: Socket) => socket.pause()],
  ])(
    "let no connection hold a timeslot's sales: a booking pipelined behind an answer never taken, %s",
    async (_, leave) => {
      const info = await contendedSlot(6);
      const limited = await endedByTimeLimit();
      const body = JSON.stringify(bookingBody(info));
      const { hostname, port } = new URL(early.base);
      const socket = connect(Number(port), hostname);
      try {
        await new Promise((resolve) => socket.once("connect", resolve));
        // A GET and then a booking on one connection, in one write, whose answers the client
        // never takes: the booking's answer waits behind one that is never sent, or never read.
        await new Promise<void>((written) => {
          socket.write(
            `GET ${OTA}/products HTTP/1.1\r\nHost: api.test\r\nAuthorization: Bearer ${keys.early}\r\n\r\n` +
              `POST ${OTA}/booking HTTP/1.1\r\nHost: api.test\r\nAuthorization: Bearer ${keys.early}\r\n` +
              `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
            () => {
              written();
            },
          );
        });
        leave(socket);
        await expect
          .poll(() => placesTaken(info), { timeout: 10_000 })
          .toBe(info.slot.placesTaken + info.product.minParticipants);
        // Ended by the sale (or the connection's close), not by the last resort.
        await expectNextBookingSold(info, limited);
      } finally {
        socket.destroy();
      }
    },
  );

  it("let no handed turn outlive a request refused before its procedure: a key revoked while it waited", async () => {
    const info = await contendedSlot(5);
    const revoked = await early.key();
    const unclaimed = await counted("slotwise_handed_turns_total", { end: "unclaimed" });
    const limited = await endedByTimeLimit();
    const stuck = await stuckSale(info);
    // This attempt passes the edge's checks and waits for its turn; its key is revoked
    // meanwhile, so that when it gets the turn and hands it on, its procedure refuses it first.
    const refused = book(early, revoked, bookingBody(info));
    // Once it waits in the queue it has passed the edge's checks; once /healthz is answered, the
    // API's cache has heard of the revocation (the harness lets it settle before each request).
    await expect.poll(() => queued(info), { timeout: 20_000 }).toBe(2);
    await early.db.apiKey.updateMany({ where: { prefix: revoked.slice(0, 11) }, data: { revokedAt: new Date() } });
    await early.request("/healthz");
    await stuck.unlock();
    expect((await stuck.answer).status).toBe(201);
    expect((await refused).status).toBe(401);
    await expectNextBookingSold(info, limited);
    expect(await counted("slotwise_handed_turns_total", { end: "unclaimed" })).toBe(unclaimed + 1);
  });

  it("answer a partner the activity is not distributed to exactly as for an unknown activity", async () => {
    const info = await fullSlot(early, keys.early);
    const unknown = await answer(await book(early, keys.early, bookingBody(info, { ActivityID: "s_Unknown123" })));
    await early.db.product.update({
      where: { id: info.product.id },
      data: { allPartners: false, partnerSlugs: ["globetrek"] },
    });
    try {
      const before = await refusedEarly();
      const hidden = await answer(await book(early, keys.early, bookingBody(info)));
      expect(hidden.status).toBe(404);
      expect({ ...hidden, body: hidden.body.replaceAll(info.product.activityId, "s_Unknown123") }).toEqual(unknown);
      expect(await refusedEarly()).toBe(before);
    } finally {
      await early.db.product.update({ where: { id: info.product.id }, data: { allPartners: true, partnerSlugs: [] } });
    }
  });
});
