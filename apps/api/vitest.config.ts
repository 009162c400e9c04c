import { fileURLToPath } from "node:url";

import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: [fileURLToPath(import.meta.resolve("@slotwise/db/testing/vitest-global-setup"))],
    env: { SLOTWISE_TEST_DEMO_DATA: "1" },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
});
