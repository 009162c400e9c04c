import { readFile } from "node:fs/promises";

import { expect, test } from "@playwright/test";

import { readStack } from "../../scripts/stack.ts";
import { bearer, createKeyWithCli, openPage, signIn } from "../support.ts";

const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);
/** `YYYY-MM-DD` of the UTC day `days` after today (before it when negative). */
const utcDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test("usage recorded over REST shows on /usage for the right dates and zone, in the chart, the table and the CSV", async ({
  page,
  request,
}) => {
  const key = createKeyWithCli(["--operator", "demo", "--scope", "usage:write"]);
  const record = async (Usage: number, iso: string) => {
    const response = await request.post(`${readStack().apiUrl}/api/v2/usage/meters`, {
      headers: bearer(key),
      data: { Meter: "e2e-sms", Usage, OccurredAt: at(iso) },
    });
    expect(response.status()).toBe(201);
  };
  // Days of the test's clock, inside the usage retention. 20:00 UTC on the first is already
  // 01:30 on the next day in Kolkata (UTC+5:30, no daylight saving).
  const first = utcDay(-3);
  const next = utcDay(-2);
  await record(2.5, `${first}T20:00:00Z`);
  await record(1.25, `${first}T10:00:00Z`);

  await signIn(page);
  await openPage(page, "Usage");
  await page.getByRole("button", { name: "Custom", exact: true }).click();
  await page.getByLabel("From", { exact: true }).fill(next);
  await page.getByLabel("To", { exact: true }).fill(next);
  await page.getByRole("combobox", { name: /^Time zone/ }).selectOption("Asia/Kolkata");
  // The day as the page's own locale writes it ("Mon, 2 Nov 2026").
  const shown = await page.evaluate(
    (day) =>
      new Intl.DateTimeFormat("en-GB", {
        weekday: "short",
        day: "numeric",
        month: "short",
        year: "numeric",
        timeZone: "UTC",
      }).format(new Date(`${day}T00:00:00Z`)),
    next,
  );
  await expect(page.getByText(`${shown} – ${shown}, both included, in Asia/Kolkata`)).toBeVisible();

  const row = page.getByRole("row", { name: /e2e-sms/ });
  await expect(row).toContainText("2.5");
  await expect(row.getByRole("cell").nth(2)).toHaveText("1");
  await expect(page.getByRole("img", { name: /Total usage per meter: .*e2e-sms 2\.5/ })).toBeVisible();
  await expect(page.getByRole("img", { name: "e2e-sms per hour" })).toBeVisible();

  // The same two entries fall on the first day in UTC.
  await page.getByLabel("From", { exact: true }).fill(first);
  await page.getByLabel("To", { exact: true }).fill(first);
  await page.getByRole("combobox", { name: /^Time zone/ }).selectOption("UTC");
  await expect(row).toContainText("3.75");
  await expect(row.getByRole("cell").nth(2)).toHaveText("2");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`usage-summary-${first}-to-${first}.csv`);
  const csv = (await readFile(await download.path(), "utf8")).trim().split("\n");
  expect(csv[0]).toBe(`"meter","total_usage","event_count","built_in","unit"`);
  expect(csv).toContain(`"e2e-sms","3.75","2","no",`);
  expect(csv.at(-1)).toMatch(/^"TOTAL",/);
});
