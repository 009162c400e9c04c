import { readdir, readFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";

import { expect, test } from "vitest";

const root = resolve(import.meta.dirname, "../../..");
/** Tests that send requests to a server running on the real clock, whose retention is measured from now. */
const SENDING = ["apps/api/test", "e2e/tests"];
const DATE = /(?<!\d)(?:19|20)\d\d-[01]\d-[0-3]\d(?!\d)/g;
/** A date built from numbers: `Date.UTC(2026, 0, 1)`, `new Date(2026, 0, 1)`. */
const BUILT_DATE = /(?:Date\.UTC|new Date)\(\s*(?:19|20)\d\d\s*,/g;

/**
 * Every literal date a test under SENDING holds, with why it does not depend on the day the test
 * runs: a bound, a refusal, a read whose answer does not depend on what is stored, a clock given
 * to a pure function, or rows written past the API on purpose. Any other date is computed from
 * the test's clock (apps/api/test/recent-dates.ts), so that neither the usage retention nor a
 * horizon nor "now" can overtake it.
 */
const LITERAL_DATES: Record<string, { dates: string[]; why: string }> = {
  "apps/api/test/fixtures.ts": { dates: ["1990-05-17"], why: "a date of birth answering a waiver question" },
  "e2e/tests/api/partner-flow.spec.ts": {
    dates: ["1990-05-17", "2026-12-01", "2026-12-02"],
    why: "a date of birth answering a waiver question; availability refused for its activity or a missing StartDate",
  },
  "apps/api/test/hostile/input.test.ts": {
    dates: [
      "1969-07-20",
      "1969-12-31",
      "1970-01-01",
      "2026-01-01",
      "2026-01-02",
      "2026-01-31",
      "2026-12-01",
      "2026-12-02",
    ],
    why: "dates the API must refuse, periods refused for another field (a NUL, a zone), and zone spellings read over a past month",
  },
  "apps/api/test/rate-limit.test.ts": {
    dates: ["2000-01-01", "2026-01-01", "2026-10-01", "2026-10-31", "2026-12-31"],
    why: "OccurredAt's lower bound and periods too long for a series, refused; a month of hours, priced by its length",
  },
  "apps/api/test/octo.test.ts": {
    dates: ["2001-01-01"],
    why: "an availability id that never exists, refused as INVALID_AVAILABILITY_ID",
  },
  "apps/api/test/usage.test.ts": { dates: ["2000-01-01"], why: "OccurredAt's lower bound, in a refusal" },
  "apps/api/test/worker-upkeep.test.ts": {
    dates: ["2024-02-15", "2024-03-01", "2024-03-31", "2024-04-01", "2024-04-15", "2024-04-30"],
    why: "entries written to the database directly, past the retention on purpose, for the worker to drop",
  },
  "apps/api/test/availability.test.ts": { dates: ["2026-13-01"], why: "not a date: refused" },
  "apps/api/test/edge.test.ts": { dates: ["2026-12-01", "2026-12-02"], why: "a Date given twice, refused" },
  "apps/api/test/products.test.ts": {
    dates: ["2026-12-01"],
    why: "another operator's activity, 404 whatever the day",
  },
  "apps/api/test/failures.test.ts": {
    dates: ["2026-01-01", "2026-01-02"],
    why: "the input of a call whose authentication fails before it is read",
  },
  "apps/api/test/http-fuzz.test.ts": { dates: ["2026-02-30", "2026-12-01"], why: "seeds of fuzzed values" },
  "apps/api/test/trpc-fuzz.test.ts": { dates: ["2026-02-30"], why: "a seed of fuzzed values, not a date" },
  "apps/api/test/normalize-path.test.ts": { dates: ["2026-10-27"], why: "part of a path string, never sent" },
  "apps/api/test/webhook-signature.test.ts": { dates: ["2026-11-23"], why: "the clock given to a pure function" },
  "apps/api/test/webhook-retry-policy.test.ts": {
    dates: ["2026-11-23"],
    why: "the clock given to a pure function",
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

/** The literal dates of each test file under SENDING, by path from the repository's root. */
async function literalDates(): Promise<Map<string, { date: string; line: number }[]>> {
  const found = new Map<string, { date: string; line: number }[]>();
  for (const dir of SENDING) {
    for await (const path of testFiles(resolve(root, dir))) {
      if (path === import.meta.filename) continue;
      const lines = (await readFile(path, "utf8")).split("\n");
      const dates = lines.flatMap((text, i) =>
        [...text.matchAll(DATE), ...text.matchAll(BUILT_DATE)].map(([date]) => ({ date, line: i + 1 })),
      );
      if (dates.length) found.set(relative(root, path), dates);
    }
  }
  return found;
}

test("every literal date in a test is one that no day of running can overtake", async () => {
  const unlisted: string[] = [];
  for (const [file, dates] of await literalDates()) {
    const allowed = LITERAL_DATES[file]?.dates ?? [];
    for (const { date, line } of dates) if (!allowed.includes(date)) unlisted.push(`${file}:${line}: ${date}`);
  }
  // Such a date fails a test with no code change once the retention or "now" passes it:
  // compute it from the test's clock (recent-dates.ts), or list it above with why it is safe.
  expect(unlisted).toEqual([]);
});

test("every date listed is still in its file", async () => {
  const found = await literalDates();
  const stale = Object.entries(LITERAL_DATES).flatMap(([file, { dates }]) =>
    dates.filter((date) => !found.get(file)?.some((d) => d.date === date)).map((date) => `${file}: ${date}`),
  );
  expect(stale).toEqual([]);
});

test("the guard reads dates, and only dates", () => {
  const line = `record("m", 1, "2001-02-03T00:00:00Z"); at: 20260101, "1e2026-01-011", "x2026-12-31"`;
  expect([...line.matchAll(DATE)].map(([d]) => d)).toEqual(["2001-02-03", "2026-12-31"]);
  const built = "Date.UTC(2026, 0, 1); new Date(2027,1); new Date(now); Date.UTC(year, 0)";
  expect([...built.matchAll(BUILT_DATE)].map(([d]) => d)).toEqual(["Date.UTC(2026,", "new Date(2027,"]);
});
