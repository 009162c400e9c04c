import { execFileSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";

import { expect, test } from "@playwright/test";

import { readStack } from "../../scripts/stack.ts";
import { bearer, bookableSlot, createKeyWithCli, customer, OTA, signIn } from "../support.ts";

interface Booking {
  Reference: string;
  Status: string;
}

interface Delivery {
  type: string;
  reference: string;
  signatureValid: boolean;
}

/** The partner's own receiver: it keeps each event it is sent and checks the signature as the README shows. */
async function partnerReceiver(): Promise<{
  server: Server;
  url: string;
  received: Delivery[];
  useSecret(s: string): void;
}> {
  const received: Delivery[] = [];
  let secret = "";
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const [t, v1] = (request.headers["slotwise-signature"] as string).split(",").map((part) => part.split("=")[1]);
      const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
      const event = JSON.parse(body) as { Type: string; Data: { Reference?: string } };
      received.push({ type: event.Type, reference: event.Data.Reference ?? "", signatureValid: v1 === expected });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}/slotwise`,
    received,
    useSecret: (s) => {
      secret = s;
    },
  };
}

test("a partner holds places, the desk sees the hold, the partner confirms; its receiver hears of the confirmation and of the desk's cancellation", async ({
  page,
  request,
}) => {
  const api = `${readStack().apiUrl}${OTA}`;
  const key = createKeyWithCli(["--operator", "demo", "--partner", "acme-travel", "--scope", "ota"]);
  const json = { ...bearer(key), "Content-Type": "application/json" };
  const receiver = await partnerReceiver();
  const created = execFileSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "apps/api/src/cli/webhook.ts",
      "create",
      "--operator",
      "demo",
      "--partner",
      "acme-travel",
      "--url",
      receiver.url,
      "--event",
      "booking.confirmed",
      "--event",
      "booking.cancelled",
    ],
    {
      cwd: resolve(import.meta.dirname, "../../.."),
      env: { ...process.env, DATABASE_URL: readStack().databaseUrl, WEBHOOK_ALLOW_LOOPBACK: "on" },
      encoding: "utf8",
    },
  );
  receiver.useSecret(created.trim().split("\n").at(-1) ?? "");

  try {
    const products = await request.get(`${api}/products?name=kayak`, { headers: bearer(key) });
    const activityId = ((await products.json()) as { data: { ActivityID: string }[] }).data[0]!.ActivityID;
    const slot = await bookableSlot(request, key, activityId, 2);

    // The hold: places taken now, no customer yet.
    const held = await request.post(`${api}/booking`, {
      headers: json,
      data: { ActivityID: activityId, Date: slot.Date, Time: slot.Time, Participants: 2, HoldMinutes: 15 },
    });
    expect(held.status()).toBe(201);
    const hold = ((await held.json()) as { data: Booking }).data;
    expect(hold.Status).toBe("on_hold");

    // The desk finds it among the holds, with how long it is held and no customer yet.
    await signIn(page);
    await page.getByLabel("Status").selectOption("ON_HOLD");
    await expect(page).toHaveURL(/status=ON_HOLD/);
    const row = page.getByRole("row", { name: new RegExp(hold.Reference) });
    await expect(row).toContainText(/On hold until \d\d:\d\d/);
    await expect(row).toContainText("Not given yet (hold)");

    // The partner confirms with the customer; its receiver is told, signed.
    const confirmed = await request.post(`${api}/booking/${hold.Reference}/confirm`, {
      headers: json,
      data: { Customer: customer("Rui", "Hold") },
    });
    expect(confirmed.status()).toBe(200);
    expect(((await confirmed.json()) as { data: Booking }).data.Status).toBe("confirmed");
    await expect
      .poll(() => receiver.received.filter((d) => d.reference === hold.Reference), { timeout: 20_000 })
      .toEqual([{ type: "booking.confirmed", reference: hold.Reference, signatureValid: true }]);

    // The desk sees a confirmed booking with its customer, and cancels it.
    await page.getByLabel("Status").selectOption("CONFIRMED");
    await page.getByLabel("Search").fill(hold.Reference);
    await expect(row).toContainText("Confirmed");
    await expect(row).toContainText("Rui Hold");
    await row.getByRole("link", { name: hold.Reference }).click();
    const history = page.getByRole("region", { name: "History" });
    await expect(history).toContainText("Held");
    await expect(history).toContainText("Confirmed");
    await page.getByRole("button", { name: "Cancel booking" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel booking" }).click();
    await expect(page.getByText(`Booking ${hold.Reference} cancelled; 2 places freed`)).toBeVisible();
    await expect
      .poll(() => receiver.received.filter((d) => d.reference === hold.Reference).map((d) => d.type), {
        timeout: 20_000,
      })
      .toEqual(["booking.confirmed", "booking.cancelled"]);
    expect(receiver.received.every((d) => d.signatureValid)).toBe(true);

    // The desk's delivery log shows both, answered by the receiver.
    await page.goto("/webhooks");
    const deliveries = page.getByRole("region", { name: "Recent deliveries" });
    for (const type of ["booking.confirmed", "booking.cancelled"]) {
      const delivery = deliveries.getByRole("row").filter({ hasText: type }).filter({ hasText: receiver.url }).first();
      await expect(delivery).toContainText("delivered");
      await expect(delivery).toContainText(/204 in \d+ ms/);
    }
  } finally {
    receiver.server.close();
  }
});
