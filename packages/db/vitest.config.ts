import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["src/testing/vitest-global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
