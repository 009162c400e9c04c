import Decimal from "decimal.js";
import { beforeAll, describe, expect, it } from "vitest";

import { compactUsageFully } from "@slotwise/db/testing";

import { problemOf, startApi, type Api } from "./harness.ts";

let api: Api;
let key: string;
let operatorId: number;
const SINGLE = "/api/v2/usage/meters";
const BATCH = "/api/v2/usage/meters/batch";
/**
 * The latest month of 31 days that is wholly past, "YYYY-MM", and the month after it: relative
 * to the test's clock, so the usage retention never overtakes the entries sent into it.
 */
const [MONTH, NEXT_MONTH] = ((): [string, string] => {
  const now = new Date();
  for (let back = 1; ; back++) {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const next = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
    if ((next.getTime() - start.getTime()) / 86_400_000 === 31)
      return [start.toISOString().slice(0, 7), next.toISOString().slice(0, 7)];
  }
})();
const PERIOD = `from=${MONTH}-01&to=${MONTH}-31&tz=UTC`;

type Value = string | number | boolean;
/** What the test expects an entry's dimensions to be, written by hand rather than computed. */
interface Sent {
  meter: string;
  usage: string;
  dims: Record<string, Value>;
}
const sent: Sent[] = [];

interface Group {
  Values: Record<string, Value | null>;
  TotalUsage: number;
  EventCount: number;
}
interface Summary {
  Totals: { Usage: number; Events: number };
  Meters: { Meter: string; TotalUsage: number; EventCount: number; Groups?: Group[] }[];
}

const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const post = (path: string, body: unknown) => api.request(path, { method: "POST", key, json: body });

async function recordOne(
  meter: string,
  usage: string,
  extraInfo: string | null,
  dims: Record<string, Value>,
  iso: string,
) {
  const response = await post(SINGLE, {
    Meter: meter,
    Usage: Number(usage),
    ExtraInfo: extraInfo,
    OccurredAt: at(iso),
  });
  expect(response.status).toBe(201);
  sent.push({ meter, usage, dims });
}

async function recordBatch(
  entries: { meter: string; usage: string; extraInfo: string | null; dims: Record<string, Value>; iso: string }[],
) {
  const response = await post(BATCH, {
    Entries: entries.map((e) => ({
      Meter: e.meter,
      Usage: Number(e.usage),
      ExtraInfo: e.extraInfo,
      OccurredAt: at(e.iso),
    })),
  });
  expect(response.status).toBe(201);
  for (const e of entries) sent.push({ meter: e.meter, usage: e.usage, dims: e.dims });
}

async function summary(query: string): Promise<Summary> {
  const response = await api.request(`${SINGLE}?${PERIOD}&${query}`, { key });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Summary }).data;
}

/** The expected answer, summed here with decimal.js from what was sent. */
function expected(groupBy: string[], keep: (dims: Record<string, Value>) => boolean): Summary {
  interface Sum {
    values: (Value | null)[];
    total: Decimal;
    events: number;
  }
  const meters = new Map<string, { total: Decimal; events: number; groups: Map<string, Sum> }>();
  for (const entry of sent.filter((e) => keep(e.dims))) {
    const meter = meters.get(entry.meter) ?? { total: new Decimal(0), events: 0, groups: new Map<string, Sum>() };
    meter.total = meter.total.plus(entry.usage);
    meter.events += 1;
    const values = groupBy.map((name) => entry.dims[name] ?? null);
    const group: Sum = meter.groups.get(JSON.stringify(values)) ?? { values, total: new Decimal(0), events: 0 };
    group.total = group.total.plus(entry.usage);
    group.events += 1;
    meter.groups.set(JSON.stringify(values), group);
    meters.set(entry.meter, meter);
  }
  const byTotal =
    <T extends { total: Decimal }>(key: (x: T) => string) =>
    (a: T, b: T) =>
      b.total.comparedTo(a.total) || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
  const rows = [...meters].map(([name, m]) => ({ name, ...m })).sort(byTotal((m) => m.name));
  return {
    Totals: {
      Usage: rows.reduce((sum, m) => sum.plus(m.total), new Decimal(0)).toNumber(),
      Events: rows.reduce((sum, m) => sum + m.events, 0),
    },
    Meters: rows.map((m) => ({
      Meter: m.name,
      TotalUsage: m.total.toNumber(),
      EventCount: m.events,
      ...(groupBy.length === 0
        ? {}
        : {
            Groups: [...m.groups.values()].sort(byTotal((g) => JSON.stringify(g.values))).map((g) => ({
              Values: Object.fromEntries(groupBy.map((name, i) => [name, g.values[i] ?? null])),
              TotalUsage: g.total.toNumber(),
              EventCount: g.events,
            })),
          }),
    })),
  };
}

const everything = () => true;

async function expectAnswer(query: string, groupBy: string[], keep: (dims: Record<string, Value>) => boolean) {
  const answer = await summary(query);
  const want = expected(groupBy, keep);
  expect(answer.Totals).toEqual(want.Totals);
  expect(answer.Meters).toEqual(want.Meters);
  expect(want.Meters.length).toBeGreaterThan(0);
}

beforeAll(async () => {
  api = await startApi();
  operatorId = (await api.db.operator.create({ data: { slug: "dims-co", name: "Dims Co" } })).id;
  key = await api.key({ operator: "dims-co", scopes: ["usage:write", "usage:read"] });

  // Folded into the rollups before the questions are asked.
  await recordOne(
    "api-calls",
    "0.1",
    '{"plan":"pro","region":"eu","vip":true,"n":1}',
    { plan: "pro", region: "eu", vip: true, n: 1 },
    `${MONTH}-03T10:00:00Z`,
  );
  await recordOne(
    "api-calls",
    "0.2",
    '{"region":"eu","plan":"pro","vip":true,"n":1.0}',
    { plan: "pro", region: "eu", vip: true, n: 1 },
    `${MONTH}-03T23:59:59Z`,
  );
  await recordOne(
    "api-calls",
    "1.5",
    '{"plan":"free","region":"us","vip":false,"n":2}',
    { plan: "free", region: "us", vip: false, n: 2 },
    `${MONTH}-04T00:00:00Z`,
  );
  await recordOne("api-calls", "3", null, {}, `${MONTH}-05T08:30:00Z`);
  await recordOne("api-calls", "0.7", "not json {", {}, `${MONTH}-05T08:31:00Z`);
  await recordOne("api-calls", "0.000001", "[1,2]", {}, `${MONTH}-05T08:32:00Z`);
  // A NUL and a lone surrogate that jsonb would refuse, a number a double cannot hold, a name outside the
  // alphabet, a nested object and a null: not dimensions, and never a failed insert.
  await recordOne(
    "api-calls",
    "2.25",
    '{"plan":"pro","bad":"a\\u0000b","half":"\\ud800","big":9007199254740993,"two words":"x","obj":{"a":1},"none":null,"n":"1"}',
    { plan: "pro", n: "1" },
    `${MONTH}-06T12:00:00Z`,
  );
  await recordBatch([
    {
      meter: "api-calls",
      usage: "0.3",
      extraInfo: '{"plan":"free","region":"eu"}',
      dims: { plan: "free", region: "eu" },
      iso: `${MONTH}-07T01:00:00Z`,
    },
    {
      meter: "sms",
      usage: "4",
      extraInfo: '{"plan":"pro","region":"us","vip":true}',
      dims: { plan: "pro", region: "us", vip: true },
      iso: `${MONTH}-07T01:00:00Z`,
    },
    { meter: "sms", usage: "0.4", extraInfo: '{"plan":"pro"}', dims: { plan: "pro" }, iso: `${MONTH}-31T23:45:00Z` },
    { meter: "sms", usage: "1", extraInfo: null, dims: {}, iso: `${MONTH}-20T00:00:00Z` },
  ]);
  await compactUsageFully(api.db);
  const folded = await api.db.usageRollupDims15m.aggregate({ where: { operatorId }, _sum: { events: true } });
  expect(folded._sum.events).toBe(BigInt(sent.length));

  // Recorded after compaction: summaries read these from the entries themselves.
  await recordOne(
    "api-calls",
    "0.6",
    '{"plan":"pro","region":"us","vip":false,"n":2.5}',
    { plan: "pro", region: "us", vip: false, n: 2.5 },
    `${MONTH}-03T10:05:00Z`,
  );
  await recordOne("api-calls", "10", '{"plan":"team"}', { plan: "team" }, `${MONTH}-15T15:15:00Z`);
  await recordBatch([
    {
      meter: "sms",
      usage: "0.05",
      extraInfo: '{"plan":"free","vip":"true"}',
      dims: { plan: "free", vip: "true" },
      iso: `${MONTH}-09T09:00:00Z`,
    },
    { meter: "sms", usage: "7", extraInfo: "", dims: {}, iso: `${MONTH}-09T09:00:00Z` },
  ]);
  // Outside the period: never counted.
  await recordOne("api-calls", "100", '{"plan":"pro"}', {}, `${NEXT_MONTH}-01T00:00:00Z`);
  sent.pop();
});

describe("GET /usage/meters with groupBy", () => {
  it("groups by one dimension, entries without it in the null group, rollups and fresh entries alike", async () => {
    await expectAnswer("groupBy=plan", ["plan"], everything);
  });

  it("groups by two and three dimensions, keeping numbers and booleans typed", async () => {
    await expectAnswer("groupBy=plan&groupBy=region", ["plan", "region"], everything);
    await expectAnswer("groupBy=vip&groupBy=n&groupBy=plan", ["vip", "n", "plan"], everything);
    const answer = await summary("groupBy=vip");
    const values = answer.Meters.flatMap((m) => m.Groups ?? []).map((g) => g.Values.vip);
    expect(values).toEqual(expect.arrayContaining([true, false, "true", null]));
  });

  it("answers the same after everything is folded", async () => {
    const before = await summary("groupBy=plan&groupBy=n");
    await compactUsageFully(api.db);
    expect(await summary("groupBy=plan&groupBy=n")).toEqual(before);
    await expectAnswer("groupBy=plan&groupBy=n", ["plan", "n"], everything);
  });

  it("keeps the ungrouped summary as it was, without Groups", async () => {
    await expectAnswer("", [], everything);
  });
});

describe("GET /usage/meters with filters", () => {
  it("counts only matching entries, with or without groupBy", async () => {
    await expectAnswer("filter.plan=pro", [], (d) => d.plan === "pro");
    await expectAnswer("filter.plan=pro&groupBy=region", ["region"], (d) => d.plan === "pro");
    await expectAnswer("filter.plan=pro&filter.region=eu", [], (d) => d.plan === "pro" && d.region === "eu");
  });

  it("matches either value of a name given twice", async () => {
    await expectAnswer(
      "filter.plan=free&filter.plan=team&groupBy=plan",
      ["plan"],
      (d) => d.plan === "free" || d.plan === "team",
    );
  });

  it("matches booleans and numbers by their JSON text, and strings equal to the text", async () => {
    await expectAnswer("filter.vip=true", [], (d) => d.vip === true || d.vip === "true");
    await expectAnswer("filter.vip=false&groupBy=plan", ["plan"], (d) => d.vip === false);
    await expectAnswer("filter.n=1.0&groupBy=n", ["n"], (d) => d.n === 1 || d.n === "1.0");
    await expectAnswer("filter.n=1", [], (d) => d.n === 1 || d.n === "1");
    await expectAnswer("filter.n=2.50", [], (d) => d.n === 2.5);
  });

  it("answers no meters when nothing matches", async () => {
    const answer = await summary("filter.plan=nobody&groupBy=plan");
    expect(answer).toMatchObject({ Totals: { Usage: 0, Events: 0 }, Meters: [] });
  });
});

describe("refuses hostile dimension parameters with a 422 naming the parameter", () => {
  it.each([
    ["four groupBy", "groupBy=a&groupBy=b&groupBy=c&groupBy=d", "groupBy", "at most 3"],
    ["a repeated groupBy", "groupBy=plan&groupBy=plan", "groupBy", "twice"],
    ["a groupBy outside the alphabet", "groupBy=a%20b", "groupBy[0]", "dimension name"],
    ["a groupBy of 65 characters", `groupBy=${"a".repeat(65)}`, "groupBy[0]", "dimension name"],
    ["a groupBy with NUL", "groupBy=a%00", "groupBy[0]", "NUL"],
    ["a filter name outside the alphabet", "filter.a%24b=1", "filter.a$b", "must name a dimension"],
    ["an empty filter name", "filter.=1", "filter.", "must name a dimension"],
    ["a filter value over 100 characters", `filter.plan=${"x".repeat(101)}`, "filter.plan", "at most 100 characters"],
    [
      "eleven filter values",
      Array.from({ length: 11 }, (_, i) => `filter.d${i}=x`).join("&"),
      "filter",
      "at most 10 times",
    ],
    ["groupBy[] (a list in PHP's or Rails' spelling)", "groupBy[]=region", "groupBy[]", "write groupBy=region,"],
    ["groupBy[0]", "groupBy[0]=region&groupBy[1]=plan", "groupBy[1]", "write groupBy=plan,"],
    ["groupby in other letters", "groupby=region", "groupby", "write groupBy=region,"],
    ["filter[region] (a map in qs' spelling)", "filter[region]=eu", "filter[region]", "write filter.region=eu"],
    ["Filter.region", "Filter.region=eu", "Filter.region", "write filter.region=eu"],
    ["filter with no name", "filter=region%3Deu", "filter", "write filter.<name>=<value>"],
  ])("refuses %s", async (_label, query, field, message) => {
    const response = await api.request(`${SINGLE}?${PERIOD}&${query}`, { key });
    expect(response.status).toBe(422);
    const { problem, contentType } = await problemOf(response);
    expect(contentType).toContain("application/problem+json");
    expect(problem.errors?.map((e) => e.field)).toContain(field);
    expect(problem.errors?.find((e) => e.field === field)?.message).toContain(message);
  });
});

describe("a dimension with a new value per entry", () => {
  it("answers at most 1,000 groups: beyond, a 422 naming groupBy; filters still narrow it", async () => {
    await api.db.operator.create({ data: { slug: "unique-co", name: "Unique Co" } });
    const uniqueKey = await api.key({ operator: "unique-co", scopes: ["usage:write", "usage:read"] });
    const entry = (i: number) => ({
      Meter: "calls",
      Usage: 1,
      ExtraInfo: JSON.stringify({ request: `r-${i}` }),
      OccurredAt: at(`${MONTH}-10T10:00:00Z`),
    });
    for (const from of [0, 1000]) {
      const batch = Array.from({ length: from === 0 ? 1000 : 1 }, (_, i) => entry(from + i));
      const response = await api.request(BATCH, { method: "POST", key: uniqueKey, json: { Entries: batch } });
      expect(response.status).toBe(201);
    }
    const refused = await api.request(`${SINGLE}?${PERIOD}&groupBy=request`, { key: uniqueKey });
    expect(refused.status).toBe(422);
    const { problem } = await problemOf(refused);
    expect(problem.errors).toEqual([
      { field: "groupBy", message: expect.stringContaining("more than 1000 groups") as string },
    ]);
    const narrowed = await api.request(`${SINGLE}?${PERIOD}&groupBy=request&filter.request=r-7`, { key: uniqueKey });
    expect(((await narrowed.json()) as { data: Summary }).data.Meters).toEqual([
      {
        Meter: "calls",
        TotalUsage: 1,
        EventCount: 1,
        Groups: [{ Values: { request: "r-7" }, TotalUsage: 1, EventCount: 1 }],
      },
    ]);
    const ungrouped = await api.request(`${SINGLE}?${PERIOD}`, { key: uniqueKey });
    expect(((await ungrouped.json()) as { data: Summary }).data.Totals).toEqual({ Usage: 1001, Events: 1001 });
  });
});

describe("dimensions named like Object.prototype's members", () => {
  it("stores, groups, filters and answers __proto__, constructor and toString as they were sent", async () => {
    const oddId = (await api.db.operator.create({ data: { slug: "odd-names-co", name: "Odd Names Co" } })).id;
    const oddKey = await api.key({ operator: "odd-names-co", scopes: ["usage:write", "usage:read"] });
    const send = (path: string, json: unknown) => api.request(path, { method: "POST", key: oddKey, json });
    const single = await send(SINGLE, {
      Meter: "calls",
      Usage: 2,
      ExtraInfo: '{"__proto__":"p1","constructor":"c1","toString":7}',
      OccurredAt: at(`${MONTH}-10T10:00:00Z`),
    });
    expect(single.status).toBe(201);
    const batch = await send(BATCH, {
      Entries: [
        {
          Meter: "calls",
          Usage: 3,
          ExtraInfo: '{"__proto__":"p2","constructor":"c1"}',
          OccurredAt: at(`${MONTH}-11T10:00:00Z`),
        },
        { Meter: "calls", Usage: 5, ExtraInfo: '{"toString":true}', OccurredAt: at(`${MONTH}-12T10:00:00Z`) },
      ],
    });
    expect(batch.status).toBe(201);

    const stored = await api.db.$queryRaw<{ dims: string }[]>`
      SELECT dimensions::text AS dims FROM usage_entries WHERE operator_id = ${oddId} ORDER BY id`;
    expect(stored.map((r) => r.dims)).toEqual([
      '{"toString": 7, "__proto__": "p1", "constructor": "c1"}',
      '{"__proto__": "p2", "constructor": "c1"}',
      '{"toString": true}',
    ]);

    // Read as text and parsed by JSON.parse, which keeps "__proto__" as an own member like any other.
    const groups = async (query: string) => {
      const response = await api.request(`${SINGLE}?${PERIOD}&${query}`, { key: oddKey });
      expect(response.status).toBe(200);
      const body = JSON.parse(await response.text()) as { data: Summary };
      return body.data.Meters.flatMap((m) => m.Groups ?? []).map((g) => [Object.entries(g.Values), g.TotalUsage]);
    };
    expect(await groups("groupBy=__proto__&groupBy=constructor&groupBy=toString")).toEqual([
      [
        [
          ["__proto__", null],
          ["constructor", null],
          ["toString", true],
        ],
        5,
      ],
      [
        [
          ["__proto__", "p2"],
          ["constructor", "c1"],
          ["toString", null],
        ],
        3,
      ],
      [
        [
          ["__proto__", "p1"],
          ["constructor", "c1"],
          ["toString", 7],
        ],
        2,
      ],
    ]);
    expect(await groups("groupBy=__proto__&filter.__proto__=p1")).toEqual([[[["__proto__", "p1"]], 2]]);
    expect(await groups("groupBy=toString&filter.constructor=c1")).toEqual([
      [[["toString", null]], 3],
      [[["toString", 7]], 2],
    ]);
  });
});

describe("a name repeated in ExtraInfo", () => {
  it("is no dimension, even with equal values, single and batch alike; the other members still are", async () => {
    const twiceId = (await api.db.operator.create({ data: { slug: "twice-co", name: "Twice Co" } })).id;
    const twiceKey = await api.key({ operator: "twice-co", scopes: ["usage:write", "usage:read"] });
    const send = (path: string, json: unknown) => api.request(path, { method: "POST", key: twiceKey, json });
    const occurredAt = at(`${MONTH}-10T10:00:00Z`);
    const same = '{"region":"eu","plan":"pro","region":"eu"}';
    const differing = '{"region":"eu","plan":"pro","region":"us"}';
    expect((await send(SINGLE, { Meter: "calls", Usage: 1, ExtraInfo: same, OccurredAt: occurredAt })).status).toBe(
      201,
    );
    const batch = await send(BATCH, {
      Entries: [same, differing].map((ExtraInfo) => ({ Meter: "calls", Usage: 1, ExtraInfo, OccurredAt: occurredAt })),
    });
    expect(batch.status).toBe(201);

    const stored = await api.db.$queryRaw<{ dims: string | null }[]>`
      SELECT dimensions::text AS dims FROM usage_entries WHERE operator_id = ${twiceId} ORDER BY id`;
    expect(stored.map((r) => r.dims)).toEqual(['{"plan": "pro"}', '{"plan": "pro"}', '{"plan": "pro"}']);
    const response = await api.request(`${SINGLE}?${PERIOD}&groupBy=region&groupBy=plan`, { key: twiceKey });
    expect(((await response.json()) as { data: Summary }).data.Meters[0]?.Groups).toEqual([
      { Values: { region: null, plan: "pro" }, TotalUsage: 3, EventCount: 3 },
    ]);
  });
});
