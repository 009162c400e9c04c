import { connect } from "node:net";

import { beforeAll, describe, expect, it } from "vitest";

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

/** Bookings the early-refusal server answered at its edge so far. */
async function refusedEarly(): Promise<number> {
  const response = await fetch(`${early.base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  return seriesValue(await response.text(), "slotwise_early_refusals_total");
}

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
    const free = info.slot.capacity - info.slot.placesTaken;
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

  it("let no connection hold a timeslot's sales: a booking pipelined behind an answer never taken", async () => {
    const info = await openSlot(early.db, { free: 6 });
    const free = info.slot.capacity - info.slot.placesTaken;
    // Refused once, so that the next attempts go through the early refusal's queue.
    await book(early, keys.early, bookingBody(info, { Participants: free + 1 }));
    const body = JSON.stringify(bookingBody(info));
    const { hostname, port } = new URL(early.base);
    const socket = connect(Number(port), hostname);
    await new Promise((resolve) => socket.once("connect", resolve));
    // A GET and then a booking on one connection, in one write; the client is gone at once, so
    // the booking's answer waits behind one that is never sent.
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
    socket.destroy();
    await expect
      .poll(async () => (await early.db.timeslot.findUniqueOrThrow({ where: { id: info.slot.id } })).placesTaken, {
        timeout: 10_000,
      })
      .toBe(info.slot.placesTaken + info.product.minParticipants);
    const next = await early.request(`${OTA}/booking`, {
      method: "POST",
      key: keys.early,
      json: bookingBody(info),
      signal: AbortSignal.timeout(5_000),
    });
    expect(next.status).toBe(201);
  });
});
