import { beforeAll, describe, expect, it } from "vitest";

import { instantToLocal } from "@slotwise/core";

import { bookingBody, type SlotInfo } from "../fixtures.ts";
import { OTA, PROBLEMS_BASE, startApi, type Api } from "../harness.ts";

const PER_KEY = 6;
const PER_PARTNER = 8;
const OTHER = "/api/v2/ota/globetrek";

let api: Api;
let slots: SlotInfo[];
beforeAll(async () => {
  api = await startApi({ settings: { holdBudget: { placesPerKey: PER_KEY, placesPerPartner: PER_PARTNER } } });
  // Every open timeslot to come of one activity, with room for two: the inventory a key would corner.
  const found = await api.db.timeslot.findMany({
    where: {
      closed: false,
      startsAt: { gt: new Date(Date.now() + 2 * 86_400_000) },
      product: { operator: { slug: "demo" }, name: "Sunset Kayak Tour" },
    },
    include: { product: { include: { questions: { orderBy: { position: "asc" } } } } },
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
  });
  slots = found
    .filter((s) => s.capacity - s.placesTaken >= 2 && s.product.minParticipants <= 2 && s.product.maxParticipants >= 2)
    .map((slot) => ({ slot, product: slot.product, ...instantToLocal(slot.startsAt, slot.product.timeZone) }));
  expect(slots.length).toBeGreaterThan(PER_PARTNER);
});

const holdBody = (info: SlotInfo) => {
  const { Customer: _customer, ...body } = bookingBody(info, { Participants: 2, HoldMinutes: 60 });
  return body;
};
const post = (base: string, key: string, path: string, body?: unknown) =>
  api.request(`${base}${path}`, { method: "POST", key, ...(body === undefined ? {} : { json: body }) });

describe("unconfirmed holds of one key and one partner are bounded", () => {
  it("stops one key holding slot after slot, and the other partner still books", async () => {
    const cornering = await api.key();
    const answers: number[] = [];
    const held: string[] = [];
    for (const info of slots.slice(0, PER_PARTNER)) {
      const response = await post(OTA, cornering, "/booking", holdBody(info));
      answers.push(response.status);
      if (response.status === 201)
        held.push(((await response.json()) as { data: { Reference: string } }).data.Reference);
      else {
        expect(response.status).toBe(409);
        const problem = (await response.json()) as { type: string; detail: string };
        expect(problem.type).toBe(`${PROBLEMS_BASE}/hold-limit-reached`);
        expect(problem.detail).toMatch(/this API key take 6 places; at most 6/);
      }
    }
    // Three holds of two places fill the key's six; every further hold is refused.
    expect(answers).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);

    // Another key of the same partner gets what is left of the partner's eight, then no more.
    const second = await api.key();
    expect((await post(OTA, second, "/booking", holdBody(slots[3]!))).status).toBe(201);
    const partnerFull = await post(OTA, second, "/booking", holdBody(slots[4]!));
    expect(partnerFull.status).toBe(409);
    expect(((await partnerFull.json()) as { detail: string }).detail).toMatch(/this partner take 8 places; at most 8/);

    // The other partner holds and books as usual; a booking with a customer is not limited.
    const other = await api.key({ partner: "globetrek" });
    expect((await post(OTA, second, "/booking", bookingBody(slots[4]!, { Participants: 2 }))).status).toBe(201);
    expect((await post(OTHER, other, "/booking", holdBody(slots[5]!))).status).toBe(201);
    expect((await post(OTHER, other, "/booking", bookingBody(slots[6]!, { Participants: 2 }))).status).toBe(201);

    // Confirming a hold frees its places from the budget: the key may hold again.
    const customer = { FirstName: "Rui", LastName: "Costa", Email: "rui@example.com", Phone: "+351 912 000 111" };
    expect((await post(OTA, cornering, `/booking/${held[0]}/confirm`, { Customer: customer })).status).toBe(200);
    expect((await post(OTA, cornering, "/booking", holdBody(slots[7]!))).status).toBe(201);
    // Growing a hold counts as holding more.
    const grown = await post(OTA, second, `/booking/${held[2]}/change`, { Participants: 4 });
    expect(grown.status).toBe(409);
    expect(((await grown.json()) as { type: string }).type).toBe(`${PROBLEMS_BASE}/hold-limit-reached`);
    // And a cancelled one too.
    expect((await post(OTA, cornering, "/booking", holdBody(slots[8]!))).status).toBe(409);
    expect((await post(OTA, cornering, `/booking/${held[1]}/cancel`)).status).toBe(200);
    expect((await post(OTA, cornering, "/booking", holdBody(slots[8]!))).status).toBe(201);
  });

  it("counts holds sent at once one after another: together they never pass the budget", async () => {
    const key = await api.key({ partner: "globetrek" });
    const rush = await Promise.all(slots.slice(10, 16).map((info) => post(OTHER, key, "/booking", holdBody(info))));
    // globetrek already holds two places: three more holds of two fit its key's six (2 + 2 + 2 with
    // the second key's), the rest are refused whatever the order they were handled in.
    const statuses = rush.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
  });
});
