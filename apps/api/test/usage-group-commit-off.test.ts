import { beforeAll, describe, expect, it } from "vitest";

import { METRICS_TOKEN, startApi, type Api } from "./harness.ts";
import { seriesValue } from "./prometheus-text.ts";

let api: Api;
let key: string;
let operatorId: number;
const URL_ = "/api/v2/usage/meters";

beforeAll(async () => {
  // As main.ts makes it with USAGE_GROUP_COMMIT=off.
  api = await startApi({ usageGroupCommit: "off" });
  ({ id: operatorId } = await api.db.operator.create({ data: { slug: "one-by-one", name: "One By One" } }));
  key = await api.key({ operator: "one-by-one", scopes: ["usage:write"] });
});

const record = (body: unknown) => api.request(URL_, { method: "POST", key, json: body });

async function scrape(): Promise<string> {
  const response = await fetch(`${api.base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
}

describe("USAGE_GROUP_COMMIT=off", () => {
  it("records each single entry by its own INSERT, exactly, each EventID once, and feeds no group metric", async () => {
    const before = await scrape();
    // Sent at once: with the group commit these would wait for each other and go in together.
    const bodies = Array.from({ length: 40 }, (_, n) => ({
      Meter: `meter-${n % 3}`,
      Usage: n + 0.25,
      ExtraInfo: `{"n":${n}}`,
      ...(n % 2 === 0 ? { EventID: `evt-${n}` } : {}),
    }));
    const answers = await Promise.all(bodies.map((body) => record(body)));
    expect(answers.map((a) => a.status)).toEqual(bodies.map(() => 201));
    const ids = await Promise.all(answers.map(async (a) => ((await a.json()) as { data: { ID: number } }).data.ID));

    // Every event again, at once, with another Usage: 200, the entry first recorded, no new row.
    const events = bodies.filter((b) => b.EventID !== undefined);
    const repeats = await Promise.all(events.map((body) => record({ ...body, Usage: 999 })));
    for (const [i, repeat] of repeats.entries()) {
      expect(repeat.status).toBe(200);
      expect(repeat.headers.get("idempotent-replayed")).toBe("true");
      const { data } = (await repeat.json()) as { data: { ID: number; Usage: number } };
      expect(data).toMatchObject({ ID: ids[bodies.indexOf(events[i]!)], Usage: events[i]!.Usage });
    }

    const stored = await api.db.usageEntry.findMany({ where: { operatorId }, orderBy: { id: "asc" } });
    expect(stored).toHaveLength(40);
    expect(new Set(stored.map((s) => Number(s.id)))).toEqual(new Set(ids));
    for (const row of stored) {
      const body = bodies[ids.indexOf(Number(row.id))]!;
      expect([row.meter, row.usage.toString(), row.extraInfo, row.eventId]).toEqual([
        body.Meter,
        String(body.Usage),
        body.ExtraInfo,
        body.EventID ?? null,
      ]);
    }
    // One transaction per entry: none went in with another.
    expect(new Set(stored.map((s) => s.createdXid)).size).toBe(40);

    const after = await scrape();
    const moved = (name: string) => seriesValue(after, name) - seriesValue(before, name);
    expect(moved("slotwise_usage_statement_entries_count")).toBe(0);
    expect(moved("slotwise_usage_entries_ingested_total")).toBe(40);
  });
});
