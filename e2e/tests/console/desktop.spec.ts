import { expect, test } from "@playwright/test";

import { signIn } from "../support.ts";

test.use({ viewport: { width: 1280, height: 800 } });

test("in a 1280 px window the bookings table shows every column without scrolling", async ({ page }) => {
  await signIn(page);
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
  await expect(page.locator("tbody tr").first()).toBeVisible();
  const overflow = await page.evaluate(() => {
    const table = document.querySelector("table");
    const box = table?.parentElement;
    if (!table || !box) return null;
    const headers = Array.from(table.querySelectorAll<HTMLTableCellElement>("thead th"), (th) => ({
      name: th.textContent.trim(),
      right: th.getBoundingClientRect().right,
    }));
    return { scrolls: box.scrollWidth - box.clientWidth, width: window.innerWidth, headers };
  });
  expect(overflow).not.toBeNull();
  expect(overflow!.headers.map((h) => h.name)).toContain("Status");
  expect(overflow!.scrolls, "the table's card scrolls sideways").toBeLessThanOrEqual(0);
  for (const header of overflow!.headers) expect(header.right, header.name).toBeLessThanOrEqual(overflow!.width);
});
