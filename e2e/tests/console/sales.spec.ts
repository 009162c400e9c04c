import { expect, test } from "@playwright/test";

import { readStack } from "../../scripts/stack.ts";
import {
  bearer,
  bookableSlot,
  createKeyWithCli,
  customer,
  meterEvents,
  openPage,
  OTA,
  paymentProviderSays,
  signIn,
  trpcMutation,
} from "../support.ts";

test("a sale at the desk and a shopfront checkout show as POS and ONLINE bookings and count as order-completed", async ({
  page,
  request,
}) => {
  const key = createKeyWithCli(["--operator", "demo", "--partner", "acme-travel", "--scope", "ota"]);
  await signIn(page);
  await page.goto("/usage?range=last-7-days");
  const ordersBefore = await meterEvents(page, "order-completed");

  // At the desk.
  await openPage(page, "Point of sale");
  await page.getByRole("combobox", { name: /^Activity/ }).selectOption({ label: "Fado Night in Mouraria" });
  const timeslot = page.getByRole("combobox", { name: /^Timeslot/ });
  await expect(timeslot.locator("option").nth(1)).toBeAttached();
  await timeslot.selectOption({ index: 1 });
  await page.getByLabel(/^Adult/).fill("2");
  await page.getByLabel("First name").fill("Walter");
  await page.getByLabel("Last name").fill("Walkin");
  await page.getByLabel("E-mail").fill("walter.walkin@example.com");
  await page.getByLabel("Phone (with country code)").fill("+351 913 000 111");
  await page.getByLabel(/Payment reference/).fill("DESK-E2E-0001");
  await page.getByRole("button", { name: "Sell and book" }).click();
  const sold = page.getByRole("region", { name: "Last sale" }).getByRole("link", { name: /^BK-/ });
  await expect(sold).toBeVisible();
  const posReference = (await sold.textContent()) ?? "";
  await expect(page.getByText(`Sold: booking ${posReference}`)).toBeVisible();

  // In the online shop.
  const products = (
    (await (await request.get(`${readStack().apiUrl}${OTA}/products?name=fado`, { headers: bearer(key) })).json()) as {
      data: { ActivityID: string }[];
    }
  ).data;
  const fado = products[0]!.ActivityID;
  const slot = await bookableSlot(request, key, fado, 1);
  const checkout = await trpcMutation<{ BasketID: number; booking: { Reference: string; Status: string } }>(
    request,
    "shopfront.checkout",
    {
      operator: "demo",
      ActivityID: fado,
      Date: slot.Date,
      Time: slot.Time,
      Participants: 1,
      Customer: customer("Olga", "Online"),
    },
  );
  const onlineReference = checkout.booking.Reference;
  // The checkout holds the places; the payment provider's signed success makes it a sale.
  expect(checkout.booking.Status).toBe("on_hold");
  await paymentProviderSays(request, "payment.succeeded", checkout.BasketID, "pi_e2e_0001");

  await openPage(page, "Bookings");
  for (const [source, label, reference] of [
    ["Point of sale", "Point of sale", posReference],
    ["Online", "Online", onlineReference],
  ] as const) {
    await page.getByRole("button", { name: source, exact: true }).click();
    await page.getByLabel("Search").fill(reference);
    const row = page.getByRole("row", { name: new RegExp(reference) });
    await expect(row).toBeVisible();
    await expect(row.locator(".badge").first()).toHaveText(label);
    await expect(row).toContainText("Confirmed");
  }

  await page.goto("/usage?range=last-7-days");
  await expect.poll(() => meterEvents(page, "order-completed")).toBe(ordersBefore + 2);
  await expect(page.getByRole("row", { name: /^order-completed/ })).toContainText("Built-in");
});
