import { defineConfig } from "@playwright/test";

import { chromiumArgs, chromiumPath } from "./scripts/browser.ts";
import { apiUrl, consoleUrl } from "./scripts/stack.ts";

/**
 * Two projects over one running system: `api` drives the partner REST paths with the
 * `request` fixture, `console` drives Debian's Chromium. The scenarios share one database
 * and build on each other's data, so they run in order, one worker.
 */
export default defineConfig({
  testDir: "tests",
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "api", testMatch: /api\/.*\.spec\.ts/, use: { baseURL: apiUrl } },
    {
      name: "console",
      testMatch: /console\/.*\.spec\.ts/,
      dependencies: ["api"],
      use: {
        baseURL: consoleUrl,
        browserName: "chromium",
        viewport: { width: 1280, height: 800 },
        launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
        acceptDownloads: true,
      },
    },
  ],
  webServer: {
    command: "node --import tsx scripts/start-stack.ts",
    url: `${consoleUrl}/sign-in`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
