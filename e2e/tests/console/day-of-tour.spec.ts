import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";

import { expect, test } from "@playwright/test";

import { readStack } from "../../scripts/stack.ts";
import { bearer, bookableSlot, createKeyWithCli, customer, openPage, OTA, signIn } from "../support.ts";

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

interface Order {
  OrderID: string;
  Bookings: { Reference: string; Tickets?: { Code: string; Url: string }[] }[];
}

test("a family's order of two activities is checked in from today's manifest on a phone", async ({ page, request }) => {
  // Two command-line processes (the key, moving the departures to now) start TypeScript each.
  test.slow();
  const api = readStack().apiUrl;
  const key = createKeyWithCli(["--operator", "demo", "--partner", "acme-travel", "--scope", "ota"]);
  const products = await request.get(`${api}${OTA}/products`, { headers: bearer(key) });
  const activities = ((await products.json()) as { data: { ActivityID: string; MinParticipants?: number }[] }).data;
  const items = [];
  for (const activity of activities.slice(0, 2)) {
    const slot = await bookableSlot(request, key, activity.ActivityID, 2);
    items.push({ ActivityID: activity.ActivityID, Date: slot.Date, Time: slot.Time, Participants: 2 });
  }

  const held = await request.post(`${api}${OTA}/orders`, {
    headers: { ...bearer(key), "Idempotency-Key": `family-${Date.now()}` },
    data: { Items: items, HoldMinutes: 15, Customer: customer("Lena", "Family") },
  });
  expect(held.status(), await held.text()).toBe(201);
  const order = ((await held.json()) as { data: Order }).data;
  const confirmed = await request.post(`${api}${OTA}/orders/${order.OrderID}/confirm`, {
    headers: { ...bearer(key), "Idempotency-Key": `family-confirm-${order.OrderID}` },
    data: { PaymentReference: `FAMILY-${order.OrderID}` },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const bookings = ((await confirmed.json()) as { data: Order }).data.Bookings;
  expect(bookings).toHaveLength(2);
  const first = bookings[0];
  const ticket = first?.Tickets?.[0];
  if (!first || !ticket) throw new Error("the confirmed booking has no ticket");

  // The departures are today's: the tour starts now.
  execFileSync(process.execPath, ["--import", "tsx", "scripts/start-now.ts", ...bookings.map((b) => b.Reference)], {
    cwd: resolve(import.meta.dirname, "../.."),
    env: { ...process.env, DATABASE_URL: readStack().databaseUrl },
  });

  // The guest shows the ticket page; the guide types its code.
  await page.goto(ticket.Url);
  const code = (await page.getByTestId("code").textContent()) ?? "";
  expect(code).toBe(ticket.Code);

  await signIn(page);
  await openPage(page, "Manifest");
  const guest = page.getByTestId("guest").filter({ hasText: first.Reference });
  await expect(guest).toBeVisible();
  const slot = page.locator("section.manifest-slot").filter({ has: guest });
  const checkedIn = Number(await slot.getByTestId("checked-in").textContent());
  const waiting = Number(await slot.getByTestId("waiting").textContent());
  await expect(guest).toContainText("0/2 in");

  const field = page.getByLabel("Ticket code");
  await field.fill(code);
  await field.press("Enter");
  await expect(field).toHaveValue("");
  await expect(guest).toContainText("1/2 in");
  await expect(slot.getByTestId("checked-in")).toHaveText(String(checkedIn + 1));
  await expect(slot.getByTestId("waiting")).toHaveText(String(waiting - 1));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The day as CSV: the API's columns, and the guest's row with one of two persons in.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^manifest-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = (await readFile(await download.path(), "utf8"))
    .trim()
    .split(/\r?\n/)
    .map((line) => line.replace(/^"|"$/g, "").split('","'));
  expect(rows[0]).toEqual([
    "date",
    "time",
    "activity",
    "reference",
    "name",
    "units",
    "waiver",
    "persons",
    "checked_in",
    "no_show",
  ]);
  const row = rows.find((cells) => cells[3] === first.Reference);
  expect(row?.slice(7)).toEqual(["2", "1", "no"]);
  expect(row?.[4]).toContain("Lena");

  // The print view: the guests without the tools and the navigation around them.
  await page.emulateMedia({ media: "print" });
  await expect(guest).toBeVisible();
  await expect(guest).toContainText("1/2 in");
  await expect(page.getByRole("button", { name: "Download CSV" })).toBeHidden();
  await expect(page.getByLabel("Ticket code")).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Console" })).toBeHidden();
  await page.emulateMedia({ media: "screen" });
  await expect(page.getByRole("button", { name: "Download CSV" })).toBeVisible();
});
