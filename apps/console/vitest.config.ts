import { defineConfig } from "vitest/config";

export default defineConfig({
  // tsconfig leaves JSX to Next's compiler; the tests compile it to React 19's automatic runtime themselves.
  oxc: { jsx: { runtime: "automatic" } },
  test: {
    include: ["test/**/*.test.{ts,tsx}"],
    environment: "happy-dom",
    setupFiles: ["test/setup.ts"],
  },
});
