import jsQR from "jsqr";
import { PNG } from "pngjs";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";

import { bookingBody, openSlot } from "./fixtures.ts";
import { OTA, problemOf, startApi, type Api } from "./harness.ts";

let api: Api;
let otaKey: string;
beforeAll(async () => {
  api = await startApi();
  otaKey = await api.key();
});

interface Booked {
  Reference: string;
  Tickets: { UnitID: string; Code: string; Url: string }[];
}

async function bookTwo(): Promise<Booked> {
  const info = await openSlot(api.db, { free: 2, party: 2 });
  const response = await api.request(`${OTA}/booking`, {
    method: "POST",
    key: otaKey,
    json: bookingBody(info, { Participants: 2 }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: Booked }).data;
}

/** What a phone's camera reads from the served image: rasterised, then decoded. */
async function decodeQr(svg: string): Promise<string | null> {
  const png = await sharp(Buffer.from(svg), { density: 300 }).flatten({ background: "#ffffff" }).png().toBuffer();
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

describe("ticket pages", () => {
  it("serve each ticket's QR image, which decodes back to that ticket's code", async () => {
    const booked = await bookTwo();
    for (const ticket of booked.Tickets) {
      const svg = await api.request(`/api/v2/tickets/${ticket.Code}.svg`);
      expect(svg.status).toBe(200);
      expect(svg.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
      expect(await decodeQr(await svg.text())).toBe(ticket.Code);
      const page = await api.request(new URL(ticket.Url).pathname);
      const html = await page.text();
      const inline = /<svg[\s\S]*<\/svg>/.exec(html)?.[0];
      expect(inline, "the page shows the QR code").toBeDefined();
      expect(await decodeQr(inline!)).toBe(ticket.Code);
    }
  });

  it("show a cancelled booking's tickets as void and serve no scannable image", async () => {
    const booked = await bookTwo();
    const cancel = await api.request(`${OTA}/booking/${booked.Reference}/cancel`, { method: "POST", key: otaKey });
    expect(cancel.status).toBe(200);
    const code = booked.Tickets[0]!.Code;
    const svg = await api.request(`/api/v2/tickets/${code}.svg`);
    expect(svg.status).toBe(410);
    const { problem, contentType } = await problemOf(svg);
    expect(contentType).toMatch(/^application\/problem\+json/);
    expect(problem).toMatchObject({ status: 410, instance: `/api/v2/tickets/${code}.svg` });
    expect(problem.type).toMatch(/\/ticket-gone$/);
    const page = await api.request(`/api/v2/tickets/${code}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("VOID");
    expect(html).not.toContain("<svg");
  });

  it("answer an unknown code with a 404 problem document, page and image alike", async () => {
    for (const path of [`/api/v2/tickets/${"0".repeat(32)}`, `/api/v2/tickets/${"0".repeat(32)}.svg`]) {
      const response = await api.request(path);
      expect(response.status).toBe(404);
      expect((await problemOf(response)).problem.type).toMatch(/\/not-found$/);
    }
  });
});
