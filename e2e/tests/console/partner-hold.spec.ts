import { expect, test } from "@playwright/test";

import { readStack } from "../../scripts/stack.ts";
import { bearer, bookableSlot, createKeyWithCli, customer, OTA, signIn } from "../support.ts";

interface Booking {
  Reference: string;
  Status: string;
  ExpiresAt?: number;
}

test("a partner holds places, the desk sees the hold until when, the partner confirms it with the customer", async ({
  page,
  request,
}) => {
  const api = `${readStack().apiUrl}${OTA}`;
  const key = createKeyWithCli(["--operator", "demo", "--partner", "acme-travel", "--scope", "ota"]);
  const json = { ...bearer(key), "Content-Type": "application/json" };
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

  // The partner confirms with the customer: the desk sees a confirmed booking with its customer.
  const confirmed = await request.post(`${api}/booking/${hold.Reference}/confirm`, {
    headers: json,
    data: { Customer: customer("Rui", "Hold") },
  });
  expect(confirmed.status()).toBe(200);
  expect(((await confirmed.json()) as { data: Booking }).data.Status).toBe("confirmed");
  await page.getByLabel("Status").selectOption("CONFIRMED");
  await page.getByLabel("Search").fill(hold.Reference);
  await expect(row).toContainText("Confirmed");
  await expect(row).toContainText("Rui Hold");
  await row.getByRole("link", { name: hold.Reference }).click();
  const history = page.getByRole("region", { name: "History" });
  await expect(history).toContainText("Held");
  await expect(history).toContainText("Confirmed");
});
