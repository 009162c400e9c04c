import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { readStack } from "../../scripts/stack.ts";
import { bearer, createKeyWithCli, OTA, shared, signIn } from "../support.ts";

interface PartnerBooking {
  reference: string;
  activityId: string;
  date: string;
  time: string;
  paymentReference: string;
}

/** "3 of 8 taken" from the grid cell of the booking's timeslot. */
async function placesTaken(page: Page, booking: PartnerBooking): Promise<number> {
  // The grid opens on the booking's date, so the first cell at its time is its timeslot.
  const label = await page.locator(`button.slot[aria-label*=" ${booking.time}: "]`).first().getAttribute("aria-label");
  const match = /: (\d+) of \d+ taken/.exec(label ?? "");
  if (!match) throw new Error(`no timeslot at ${booking.time} in the grid (${label})`);
  return Number(match[1]);
}

async function restAvailable(request: APIRequestContext, key: string, booking: PartnerBooking): Promise<number> {
  const response = await request.get(
    `${readStack().apiUrl}${OTA}/availability/${booking.activityId}/timeslots?Date=${booking.date}`,
    { headers: bearer(key) },
  );
  const slots = ((await response.json()) as { data: { Time: string; Available: number }[] }).data;
  return slots.find((s) => s.Time === booking.time)?.Available ?? 0;
}

test("the operator finds the partner's booking, opens it and cancels it; the places come back in the grid and over REST", async ({
  page,
  request,
}) => {
  const booking = shared("partner-booking") as PartnerBooking;
  const key = createKeyWithCli(["--operator", "demo", "--partner", "acme-travel", "--scope", "ota"]);
  await signIn(page);

  // Search by reference: one row, with the partner, the payment reference and the waiver status.
  await page.getByLabel("Search").fill(booking.reference);
  const row = page.getByRole("row", { name: new RegExp(booking.reference) });
  await expect(row).toBeVisible();
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(row).toContainText("Partner · Acme Travel");
  await expect(row).toContainText(booking.paymentReference);
  await expect(row).toContainText("Waiver complete");
  await expect(row).toContainText("€115.00");

  // Filter by source: it is a partner booking, not an online one.
  await page.getByRole("button", { name: "Online", exact: true }).click();
  await expect(page.getByText("No bookings match")).toBeVisible();
  await page.getByRole("button", { name: "Partner", exact: true }).click();
  await expect(row).toBeVisible();
  await expect(page).toHaveURL(/source=PARTNER/);

  // Open it: details, waiver answers with the uploaded file as a link, history.
  await row.getByRole("link", { name: booking.reference }).click();
  await expect(page.getByRole("heading", { name: `Booking ${booking.reference}` })).toBeVisible();
  await expect(page.getByText("ana.silva@example.com")).toBeVisible();
  await expect(page.getByRole("link", { name: "passport.pdf" })).toHaveAttribute(
    "href",
    "https://files.example.com/e2e/passport.pdf",
  );
  await expect(page.getByRole("region", { name: "History" })).toContainText("Created");
  await expect(page.getByText("2 × Adult at €45.00")).toBeVisible();
  await expect(page.getByText("1 × Child at €25.00")).toBeVisible();

  // The slot before cancelling, in the grid and over REST.
  await page.getByRole("link", { name: "Sunset Kayak Tour" }).click();
  await expect(page.locator("button.slot").first()).toBeVisible();
  const takenBefore = await placesTaken(page, booking);
  const availableBefore = await restAvailable(request, key, booking);
  await page.goBack();

  await page.getByRole("button", { name: "Cancel booking" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("3 places");
  await dialog.getByRole("button", { name: "Cancel booking" }).click();
  await expect(page.getByText(`Booking ${booking.reference} cancelled; 3 places freed`)).toBeVisible();
  await expect(page.locator(".page-head").getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);

  await page.getByRole("link", { name: "Sunset Kayak Tour" }).click();
  await expect.poll(() => placesTaken(page, booking)).toBe(takenBefore - 3);
  expect(await restAvailable(request, key, booking)).toBe(availableBefore + 3);
});
