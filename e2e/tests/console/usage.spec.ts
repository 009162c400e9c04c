import { readFile } from "node:fs/promises";

import { expect, test } from "@playwright/test";

import { readStack } from "../../scripts/stack.ts";
import { bearer, createKeyWithCli, openPage, signIn } from "../support.ts";

const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

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
  // 20:00 UTC on the 1st is already 01:30 on the 2nd in Kolkata (UTC+5:30).
  await record(2.5, "2026-11-01T20:00:00Z");
  await record(1.25, "2026-11-01T10:00:00Z");

  await signIn(page);
  await openPage(page, "Usage");
  await page.getByRole("button", { name: "Custom", exact: true }).click();
  await page.getByLabel("From", { exact: true }).fill("2026-11-02");
  await page.getByLabel("To", { exact: true }).fill("2026-11-02");
  await page.getByRole("combobox", { name: /^Time zone/ }).selectOption("Asia/Kolkata");
  await expect(page.getByText("Mon, 2 Nov 2026 – Mon, 2 Nov 2026, both included, in Asia/Kolkata")).toBeVisible();

  const row = page.getByRole("row", { name: /e2e-sms/ });
  await expect(row).toContainText("2.5");
  await expect(row.getByRole("cell").nth(2)).toHaveText("1");
  await expect(page.getByRole("img", { name: /Total usage per meter: .*e2e-sms 2\.5/ })).toBeVisible();
  await expect(page.getByRole("img", { name: "e2e-sms per hour" })).toBeVisible();

  // The same two entries fall on the 1st in UTC.
  await page.getByLabel("From", { exact: true }).fill("2026-11-01");
  await page.getByLabel("To", { exact: true }).fill("2026-11-01");
  await page.getByRole("combobox", { name: /^Time zone/ }).selectOption("UTC");
  await expect(row).toContainText("3.75");
  await expect(row.getByRole("cell").nth(2)).toHaveText("2");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("usage-summary-2026-11-01-to-2026-11-01.csv");
  const csv = (await readFile(await download.path(), "utf8")).trim().split("\n");
  expect(csv[0]).toBe(`"meter","total_usage","event_count","built_in","unit"`);
  expect(csv).toContain(`"e2e-sms","3.75","2","no",`);
  expect(csv.at(-1)).toMatch(/^"TOTAL",/);
});
