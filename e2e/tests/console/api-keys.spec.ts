import { expect, test } from "@playwright/test";

import { readStack } from "../../scripts/stack.ts";
import { bearer, openPage, OTA, signIn } from "../support.ts";

test("a key created in /keys works over REST until it is revoked there", async ({ page, request }) => {
  await signIn(page);
  await openPage(page, "API keys");
  await page.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog", { name: "Create an API key" });
  await dialog.getByLabel("Name").fill("GlobeTrek staging");
  await dialog.getByRole("combobox", { name: /^Partner/ }).selectOption({ label: "GlobeTrek" });
  await dialog.getByRole("combobox", { name: /^Expires/ }).selectOption({ label: "In 30 days" });
  await dialog.getByRole("button", { name: "Create key" }).click();

  const secret = await page.getByTestId("new-key").textContent();
  expect(secret).toMatch(/^sw_[A-Za-z0-9]{8}_[A-Za-z0-9]{40}$/);
  const key = secret ?? "";
  const prefix = key.split("_").slice(0, 2).join("_");
  await page.getByRole("button", { name: "Done" }).click();

  const row = page.locator(`tr[data-prefix="${prefix}"]`);
  await expect(row).toContainText("GlobeTrek staging");
  await expect(row).toContainText("GlobeTrek");
  await expect(row).toContainText("active");

  const products = `${readStack().apiUrl}/api/v2/ota/globetrek/products`;
  expect((await request.get(products, { headers: bearer(key) })).status()).toBe(200);
  // Bound to its partner: not usable on another partner's path.
  expect((await request.get(`${readStack().apiUrl}${OTA}/products`, { headers: bearer(key) })).status()).toBe(403);

  await row.getByRole("button", { name: `Revoke key ${prefix}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByText(`Key ${prefix} revoked`)).toBeVisible();
  await expect(row).toContainText("revoked");

  const refused = await request.get(products, { headers: bearer(key) });
  expect(refused.status()).toBe(401);
  expect(refused.headers()["content-type"]).toBe("application/problem+json");
});
