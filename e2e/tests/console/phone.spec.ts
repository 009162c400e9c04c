import { expect, test } from "@playwright/test";

import { openPage, signIn } from "../support.ts";

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test("on a phone every page fits the screen's width: wide tables scroll inside their cards", async ({ page }) => {
  await signIn(page);
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  for (const name of [
    "Bookings",
    "Manifest",
    "Usage",
    "Meters",
    "Activities",
    "Catalogue",
    "Point of sale",
    "API keys",
    "Webhooks",
    "Outbox",
  ]) {
    await openPage(page, name);
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
    expect(await pageWidth(), name).toBeLessThanOrEqual(390);
  }
  await openPage(page, "Catalogue");
  await page.locator("tbody").getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: "Schedules" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Schedule preview" })).toBeVisible();
  expect(await pageWidth(), "an activity's editor").toBeLessThanOrEqual(390);
  await openPage(page, "Bookings");
  await page.locator("tbody").getByRole("link", { name: /^BK-/ }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: /^Booking BK-/ })).toBeVisible();
  expect(await pageWidth(), "a booking's page").toBeLessThanOrEqual(390);
});
