import { readFile } from "node:fs/promises";
import { resolve } from "node:path";

import { expect, test } from "vitest";

import { DATABASE_SETTING_NAMES } from "@slotwise/db/runtime";

import { API_SETTING_NAMES } from "../src/env.ts";

test("pnpm dev's task runner passes every setting the API and the database read", async () => {
  const turbo = JSON.parse(await readFile(resolve(import.meta.dirname, "../../../turbo.json"), "utf8")) as {
    globalPassThroughEnv: string[];
  };
  // Turbo runs tasks in strict mode: a variable it does not pass through is silently unset.
  const missing = [...API_SETTING_NAMES, ...DATABASE_SETTING_NAMES].filter(
    (name) => !turbo.globalPassThroughEnv.includes(name),
  );
  expect(missing).toEqual([]);
});
