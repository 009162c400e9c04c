import { readdir, readFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";

import { expect, test } from "vitest";

import { DEFAULT_USAGE_RETENTION_DAYS } from "@slotwise/core";

const root = resolve(import.meta.dirname, "../../..");
/** Tests that send requests to a server running on the real clock, whose retention is measured from now. */
const SENDING = ["apps/api/test", "e2e/tests"];
const DATE = /(?<!\d)(?:19|20)\d\d-[01]\d-[0-3]\d(?!\d)/g;

/**
 * Literal dates older than the usage retention that tests send on purpose, with why they stay
 * valid whatever the date: each is a bound, a refusal, or written past the API on purpose.
 */
const DELIBERATELY_OLD: Record<string, { dates: string[]; why: string }> = {
  "apps/api/test/fixtures.ts": { dates: ["1990-05-17"], why: "a date of birth answering a waiver question" },
  "e2e/tests/api/partner-flow.spec.ts": { dates: ["1990-05-17"], why: "a date of birth answering a waiver question" },
  "apps/api/test/hostile/input.test.ts": {
    dates: ["1969-07-20", "1969-12-31", "1970-01-01"],
    why: "dates the API must refuse",
  },
  "apps/api/test/rate-limit.test.ts": { dates: ["2000-01-01"], why: "OccurredAt's lower bound, in a refusal" },
  "apps/api/test/octo.test.ts": {
    dates: ["2001-01-01"],
    why: "an availability id that never exists, refused as INVALID_AVAILABILITY_ID",
  },
  "apps/api/test/usage.test.ts": { dates: ["2000-01-01"], why: "OccurredAt's lower bound, in a refusal" },
  "apps/api/test/worker-upkeep.test.ts": {
    dates: ["2024-02-15", "2024-03-01", "2024-03-31", "2024-04-01", "2024-04-15", "2024-04-30"],
    why: "entries written to the database directly, past the retention on purpose, for the worker to drop",
  },
};

async function* testFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && entry.name !== "generated") yield* testFiles(path);
    } else if (entry.name.endsWith(".ts")) yield path;
  }
}

test("no test sends a literal date the usage retention has overtaken", async () => {
  const cutoff = new Date(Date.now() - DEFAULT_USAGE_RETENTION_DAYS * 86_400_000).toISOString().slice(0, 10);
  const overtaken: string[] = [];
  for (const dir of SENDING) {
    for await (const path of testFiles(resolve(root, dir))) {
      const file = relative(root, path);
      if (path === import.meta.filename) continue;
      const allowed = DELIBERATELY_OLD[file]?.dates ?? [];
      const lines = (await readFile(path, "utf8")).split("\n");
      lines.forEach((line, i) => {
        for (const [date] of line.matchAll(DATE)) {
          if (date < cutoff && !allowed.includes(date)) overtaken.push(`${file}:${i + 1}: ${date}`);
        }
      });
    }
  }
  // Such a test fails with no code change once "now" moves on: compute the date from the test's clock.
  expect(overtaken).toEqual([]);
});

test("the guard finds a date past the retention, and only such dates", () => {
  const cutoff = new Date(Date.now() - DEFAULT_USAGE_RETENTION_DAYS * 86_400_000).toISOString().slice(0, 10);
  const line = `record("m", 1, "2001-02-03T00:00:00Z"); from: "${new Date().toISOString().slice(0, 10)}"`;
  expect([...line.matchAll(DATE)].map(([d]) => d).filter((d) => d < cutoff)).toEqual(["2001-02-03"]);
});
