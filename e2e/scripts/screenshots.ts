import { mkdir } from "node:fs/promises";
import { resolve } from "node:path";

import { chromium } from "@playwright/test";

import { chromiumArgs, chromiumPath } from "./browser.ts";

/**
 * README's screenshots, taken from the running app (`pnpm dev`, demo data) at 1280x800:
 * `pnpm --filter @slotwise/e2e screenshots [base-url]`.
 */
const base = process.argv[2] ?? process.env.CONSOLE_URL ?? "http://127.0.0.1:3000";
const out = resolve(import.meta.dirname, "../../docs/screenshots");
const pages = [
  { path: "/bookings", file: "bookings.png", ready: "table tbody tr td a" },
  { path: "/usage?range=last-30-days", file: "usage.png", ready: ".recharts-bar-rectangle" },
  ...(process.env.ALL_PAGES
    ? [
        { path: "/activities", file: "activities.png", ready: ".slot" },
        { path: "/keys", file: "keys.png", ready: "tbody tr" },
        { path: "/outbox", file: "outbox.png", ready: "tbody tr" },
        { path: "/pos", file: "pos.png", ready: "form" },
      ]
    : []),
];

await mkdir(out, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${base}/sign-in`);
  await page.getByLabel("E-mail").fill("demo@example.com");
  await page.getByLabel("Password").fill("correct-horse-battery");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/bookings");
  for (const shot of pages) {
    await page.goto(`${base}${shot.path}`);
    await page.locator(shot.ready).first().waitFor();
    await page.screenshot({ path: resolve(out, shot.file) });
    console.log(`docs/screenshots/${shot.file}`);
  }
} finally {
  await browser.close();
}
