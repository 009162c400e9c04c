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
  signIn,
  trpcMutation,
} from "../support.ts";

test("a cancellation on a sold-out timeslot notifies the waiting customer: the e-mail in /outbox, the meter on /usage", async ({
  page,
  request,
}) => {
  const key = createKeyWithCli(["--operator", "demo", "--partner", "acme-travel", "--scope", "ota"]);
  const api = readStack().apiUrl;
  const products = (
    (await (await request.get(`${api}${OTA}/products?name=tagus`, { headers: bearer(key) })).json()) as {
      data: { ActivityID: string }[];
    }
  ).data;
  const sailing = products[0]!.ActivityID;
  const slot = await bookableSlot(request, key, sailing, 1);

  // Sell it out.
  const references: string[] = [];
  for (let left = slot.Available; left > 0;) {
    const take = Math.min(left, 10);
    const response = await request.post(`${api}${OTA}/booking`, {
      headers: bearer(key),
      data: {
        ActivityID: sailing,
        Date: slot.Date,
        Time: slot.Time,
        Participants: take,
        Customer: customer("Sold", `Out${references.length}`),
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    references.push(((await response.json()) as { data: { Reference: string } }).data.Reference);
    left -= take;
  }
  await trpcMutation(request, "shopfront.joinWaitlist", {
    operator: "demo",
    ActivityID: sailing,
    Date: slot.Date,
    Time: slot.Time,
    // The sailing takes parties of two or more: a smaller one could never book it.
    Participants: 2,
    Customer: customer("Wanda", "Waiting"),
  });

  await signIn(page);
  await page.goto("/usage?range=last-7-days");
  const notifiedBefore = await meterEvents(page, "waitlist-notified");

  const cancelled = await request.post(`${api}${OTA}/booking/${references[0]}/cancel`, { headers: bearer(key) });
  expect(cancelled.status()).toBe(200);

  await openPage(page, "Outbox");
  await page.getByRole("combobox", { name: /^Kind/ }).selectOption({ label: "Waitlist notification" });
  const email = page.getByRole("row", { name: /wanda\.waiting@example\.com/ });
  await expect(email).toBeVisible();
  await expect(email).toContainText("Waitlist notification");
  // The worker sends it (to the outbox here: no SMTP server is configured).
  await expect(async () => {
    await page.reload();
    await expect(email).toContainText("Sent", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });

  await page.goto("/usage?range=last-7-days");
  await expect.poll(() => meterEvents(page, "waitlist-notified"), { timeout: 30_000 }).toBe(notifiedBefore + 1);
});
