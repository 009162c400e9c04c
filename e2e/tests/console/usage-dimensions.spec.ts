import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";

import { readStack } from "../../scripts/stack.ts";
import { bearer, createKeyWithCli, isoDate, openPage, signIn } from "../support.ts";

/** A meter of this run alone: reruns against the same data, and the thresholds it reaches, never meet another run's. */
const meter = `e2e-dims-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const escaped = meter.replaceAll(/[.*+?^${}()|[\]\\-]/g, "\\$&");

interface Entry {
  Meter: string;
  Usage: number;
  ExtraInfo: string;
  EventID: string;
}
const entry = (n: number, usage: number, dimensions: Record<string, string>): Entry => ({
  Meter: meter,
  Usage: usage,
  ExtraInfo: JSON.stringify(dimensions),
  EventID: `${meter}-${n}`,
});

// region eu: 1.5 + 2.25 + 0.25 = 4 (pro 3.75); us: 3 + 0.5 = 3.5 (pro 3); no region: 1. In all 8.5.
const first = [
  entry(1, 1.5, { region: "eu", plan: "pro" }),
  entry(2, 2.25, { region: "eu", plan: "pro" }),
  entry(3, 0.25, { region: "eu", plan: "free" }),
  entry(4, 3, { region: "us", plan: "pro" }),
  entry(5, 0.5, { region: "us", plan: "free" }),
  entry(6, 1, { plan: "free" }),
];
/** Daily thresholds: the first batch passes the lower one; the later batch passes the higher one too. */
const LOWER = 8;
const HIGHER = 10;

async function postBatch(request: APIRequestContext, key: string, entries: Entry[]) {
  const response = await request.post(`${readStack().apiUrl}/api/v2/usage/meters/batch`, {
    headers: bearer(key),
    data: { Entries: entries },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { Recorded: number; Duplicates: number } }).data;
}

/** The rows of one meter's per-group table on /usage, by the group's label. */
function groupRow(groups: Locator, label: string): Locator {
  return groups.getByRole("row").filter({ has: groups.page().getByRole("cell", { name: label, exact: true }) });
}

async function expectGroup(groups: Locator, label: string, total: string, events: string) {
  const row = groupRow(groups, label);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell")).toHaveText([label, total, events]);
}

/** The notices of this run's meter for one threshold, as the Meters page lists them after a reload. */
function notices(page: Page, threshold: string): Locator {
  return page
    .getByRole("region", { name: "Thresholds reached" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: meter, exact: true }) })
    .filter({ has: page.getByRole("cell", { name: threshold, exact: true }) });
}

test("a batch with dimensions over REST, grouped and filtered on /usage, and a threshold set on /meters noticed once", async ({
  page,
  request,
}) => {
  // Three pages, two worker checks and the e-mails' sending: about half a minute, more on a busy machine.
  test.setTimeout(120_000);
  const key = createKeyWithCli(["--operator", "demo", "--scope", "usage:write", "--scope", "usage:read"]);

  // 1. The batch over REST, then the same batch again: every EventID known, nothing recorded.
  expect(await postBatch(request, key, first)).toEqual({ Recorded: first.length, Duplicates: 0 });
  expect(await postBatch(request, key, first)).toEqual({ Recorded: 0, Duplicates: first.length });
  const summary = await request.get(
    `${readStack().apiUrl}/api/v2/usage/meters?from=${isoDate(-1)}&to=${isoDate(1)}&tz=UTC&groupBy=region`,
    { headers: bearer(key) },
  );
  expect(summary.status()).toBe(200);
  const meters = ((await summary.json()) as { data: { Meters: { Meter: string }[] } }).data.Meters;
  expect(meters.find((m) => m.Meter === meter)).toEqual({
    Meter: meter,
    TotalUsage: 8.5,
    EventCount: first.length,
    Groups: [
      { Values: { region: "eu" }, TotalUsage: 4, EventCount: 3 },
      { Values: { region: "us" }, TotalUsage: 3.5, EventCount: 2 },
      { Values: { region: null }, TotalUsage: 1, EventCount: 1 },
    ],
  });

  // 2. /usage grouped by region through its control, then filtered on another dimension.
  await signIn(page);
  await openPage(page, "Usage");
  await page.getByRole("group", { name: "Period" }).getByRole("button", { name: "Last 7 days" }).click();
  await expect(page.getByRole("button", { name: "Last 7 days" })).toHaveAttribute("aria-pressed", "true");
  const meterRow = page.getByRole("row", { name: new RegExp(`^${escaped}\\b`) });
  await expect(meterRow.getByRole("cell")).toHaveText([meter, "8.5", "6", /%$/]);

  await page.getByRole("textbox", { name: /^Group by/ }).fill("region");
  await page.getByRole("button", { name: "Group", exact: true }).click();
  await expect(page).toHaveURL(/[?&]groupBy=region(&|$)/);
  await expect(page.getByRole("heading", { name: "Per region" })).toBeVisible();
  const groups = page.getByRole("region", { name: meter, exact: true });
  await expect(groups.getByRole("columnheader")).toHaveText(["region", "Total usage", "Events"]);
  await expectGroup(groups, "eu", "4", "3");
  await expectGroup(groups, "us", "3.5", "2");
  await expectGroup(groups, "(none)", "1", "1");
  await expect(groups.getByRole("img", { name: "Total usage per meter: eu 4, us 3.5, (none) 1" })).toBeVisible();

  await page.getByLabel("Filter dimension").fill("plan");
  await page.getByLabel("equals", { exact: true }).fill("pro");
  await page.getByRole("button", { name: "Add filter" }).click();
  await expect(page).toHaveURL(/[?&]filter\.plan=pro(&|$)/);
  await expect(page).toHaveURL(/[?&]groupBy=region(&|$)/);
  await expect(page.getByRole("button", { name: "Remove filter plan = pro" })).toBeVisible();
  await expect(page.getByText(/, only entries with plan = pro$/)).toBeVisible();
  await expect(meterRow.getByRole("cell")).toHaveText([meter, "6.75", "3", /%$/]);
  await expectGroup(groups, "eu", "3.75", "2");
  await expectGroup(groups, "us", "3", "1");
  await expect(groupRow(groups, "(none)")).toHaveCount(0);

  // The grouping and the filter are the address: reloading it shows the same.
  await page.reload();
  await expectGroup(groups, "eu", "3.75", "2");
  await expect(page.getByRole("textbox", { name: /^Group by/ })).toHaveValue("region");

  // Removing the filter brings back every entry, still per region.
  await page.getByRole("button", { name: "Remove filter plan = pro" }).click();
  await expect(page).not.toHaveURL(/filter\./);
  await expectGroup(groups, "eu", "4", "3");
  await expectGroup(groups, "(none)", "1", "1");

  // 3. The meter's definition on /meters: a unit and two daily thresholds, the lower one already passed.
  await openPage(page, "Meters");
  const form = page.getByRole("form", { name: "Meter definition" });
  await form.getByLabel("Meter", { exact: true }).fill(meter);
  await form.getByLabel(/^Unit/).fill("GB");
  for (const [i, value] of [LOWER, HIGHER].entries()) {
    await form.getByRole("button", { name: "Add threshold" }).click();
    const row = form.getByRole("group", { name: `Threshold ${i + 1}`, exact: true });
    await row.getByRole("combobox", { name: "Per", exact: true }).selectOption("day");
    await row.getByRole("textbox", { name: "Value", exact: true }).fill(String(value));
  }
  await form.getByRole("button", { name: "Define meter" }).click();
  await expect(page.getByText(`${meter} saved`)).toBeVisible();
  await expect(
    page
      .getByRole("table", { name: "Meter definitions" })
      .getByRole("row")
      .filter({ hasText: meter })
      .getByRole("cell"),
  ).toHaveText([meter, "GB", "", `${LOWER} GB a day, ${HIGHER} GB a day`, /Edit/]);

  // The worker checks every second in this stack (start-stack.ts); the list is read again on reload.
  const lower = notices(page, `${LOWER} GB`);
  const higher = notices(page, `${HIGHER} GB`);
  await expect(async () => {
    await page.reload();
    await expect(lower).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(lower.getByRole("cell").nth(3)).toHaveText("8.5 GB");
  await expect(higher).toHaveCount(0);

  // More usage passes the higher threshold. Its notice shows a check ran after this batch,
  // and that check noticed the lower threshold no second time.
  expect(await postBatch(request, key, [entry(7, 2, { region: "eu", plan: "pro" })])).toEqual({
    Recorded: 1,
    Duplicates: 0,
  });
  await expect(async () => {
    await page.reload();
    await expect(higher).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(higher.getByRole("cell").nth(3)).toHaveText("10.5 GB");
  await expect(lower).toHaveCount(1);

  // Each notice's e-mail, once, in the outbox.
  await openPage(page, "Outbox");
  await page.getByLabel("Kind").selectOption("USAGE_THRESHOLD");
  await expect(page).toHaveURL(/[?&]kind=USAGE_THRESHOLD(&|$)/);
  const email = (threshold: number) =>
    page
      .getByRole("row")
      .filter({ hasText: new RegExp(`Usage of ${escaped} reached ${threshold} GB on \\d{4}-\\d{2}-\\d{2}`) });
  await expect(async () => {
    await page.reload();
    await expect(email(LOWER)).toHaveCount(1, { timeout: 1_000 });
    await expect(email(HIGHER)).toHaveCount(1, { timeout: 1_000 });
    await expect(email(LOWER)).toContainText("Sent", { timeout: 1_000 });
    await expect(email(HIGHER)).toContainText("Sent", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(email(LOWER)).toContainText("demo@example.com");
});
