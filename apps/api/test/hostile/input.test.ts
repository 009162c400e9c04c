import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { useTestDatabase } from "@slotwise/db/testing";
import { spawnApi, type ApiProcess } from "@slotwise/testing/processes";

import { answersFor, bookingBody, openSlot } from "../fixtures.ts";
import { issueKey, OTA, problemOf, startApi, type Api } from "../harness.ts";
import {
  addDays,
  addHours,
  dayAfter,
  isoDay,
  lastOffsetChange,
  midnightUtc,
  seconds,
  utcDay,
} from "../recent-dates.ts";
import { inParallel, residentMiB } from "./process-memory.ts";
import { expectRestRefusal, expectTrpcRefusal, rawTrpc } from "./refusals.ts";

let api: Api;
let key: string;
let usageKey: string;
let trpc: ReturnType<typeof rawTrpc>;
let info: Awaited<ReturnType<typeof openSlot>>;

const NUL = "\u0000";
const LONE = ["\ud800", "\udfff", "a\udc00b"];
const INT4_MAX = 2_147_483_647;
const USAGE = "/api/v2/usage/meters";
const customer = { FirstName: "Ana", LastName: "Silva", Email: "ana@example.com", Phone: "+351912345678" };
const { db, url } = await useTestDatabase({ content: "demo" });
const longEmail = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(58)}.com`;

beforeAll(async () => {
  api = await startApi();
  key = await api.key();
  usageKey = await api.key({ scopes: ["usage:write", "usage:read"] });
  info = await openSlot(api.db, { free: 2, productName: "Sunset Kayak Tour" });
  trpc = rawTrpc(api.base);
  expect(
    (await trpc.mutate("console.session.signIn", { email: "demo@example.com", password: "correct-horse-battery" }))
      .status,
  ).toBe(200);
});

const get = (path: string) => api.request(path, { key: path.startsWith(USAGE) ? usageKey : key });
const book = (patch: Record<string, unknown>) =>
  api.request(`${OTA}/booking`, { method: "POST", key, json: bookingBody(info, patch) });
const recordUsage = (body: unknown) => api.request(USAGE, { method: "POST", key: usageKey, json: body });
const checkout = (patch: Record<string, unknown>) =>
  trpc.mutate("shopfront.checkout", { operator: "demo", ...bookingBody(info, patch) });
const joinWaitlist = (patch: Record<string, unknown>) =>
  trpc.mutate("shopfront.joinWaitlist", {
    operator: "demo",
    ActivityID: info.product.activityId,
    Date: info.date,
    Time: info.time,
    Participants: 1,
    Customer: customer,
    ...patch,
  });
const sellAtDesk = (patch: Record<string, unknown>) =>
  trpc.mutate("console.pointOfSale.sell", { timeslotId: info.slot.id, Participants: 1, Customer: customer, ...patch });

describe("a NUL character is refused wherever a string comes in", () => {
  it.each([
    [`${OTA}/products?name=kayak%00`, "name"],
    [`${OTA}/resolve-product?Name=%00`, "Name"],
    [`${OTA}/resolve-product?ID=12%00`, "ID"],
    [`${OTA}/availability/s_abcdefgh/timeslots?Date=2026-12-01%00`, "Date"],
    [`${OTA}/availability/s_abcdefgh/dates?StartDate=2026-12-01&EndDate=2026-12-02%00`, "EndDate"],
    [`${USAGE}?from=2026-01-01&to=2026-01-02&tz=UTC%00`, "tz"],
  ])("REST query %s: 422 naming %s", async (path, field) => {
    await expectRestRefusal(await get(path), field);
  });

  it.each([
    [{ Customer: { ...customer, FirstName: `Ana${NUL}` } }, "Customer.FirstName"],
    [{ Customer: { ...customer, LastName: NUL } }, "Customer.LastName"],
    [{ Customer: { ...customer, Email: `ana@example.com${NUL}` } }, "Customer.Email"],
    [{ Customer: { ...customer, Phone: `+351912345678${NUL}` } }, "Customer.Phone"],
    [{ PaymentReference: `PAY${NUL}1` }, "PaymentReference"],
    [{ Time: `09:00${NUL}` }, "Time"],
  ])("REST booking body %j: 422 naming %s", async (patch, field) => {
    await expectRestRefusal(await book(patch), field);
  });

  it("REST booking answers: in a value or a question id, 422 naming the answer", async () => {
    const answers = answersFor(info.product);
    const text = answers.findIndex((a) => typeof a.Value === "string");
    const withNul = answers.map((a, i) => (i === text ? { ...a, Value: `${String(a.Value)}${NUL}` } : a));
    await expectRestRefusal(await book({ Answers: withNul }), `Answers[${text}].Value`);
    await expectRestRefusal(
      await book({ Answers: [{ QuestionID: `q_${NUL}`, Value: true }] }),
      "Answers[0].QuestionID",
    );
    await expectRestRefusal(await book({ Answers: [{ QuestionID: "q_x", Value: ["ok", NUL] }] }), "Answers[0].Value");
  });

  it.each([
    [{ Meter: `api${NUL}calls`, Usage: 1 }, "Meter"],
    [{ Meter: "api-calls", Usage: 1, ExtraInfo: `{"a":"${NUL}"}` }, "ExtraInfo"],
  ])("REST usage body %j: 422 naming %s", async (body, field) => {
    await expectRestRefusal(await recordUsage(body), field);
  });

  it("/trpc shopfront: every string of a checkout and a waitlist entry", async () => {
    await expectTrpcRefusal(await trpc.query("shopfront.activities", { operator: `demo${NUL}` }), "operator");
    await expectTrpcRefusal(
      await trpc.query("shopfront.timeslots", {
        operator: "demo",
        ActivityID: info.product.activityId,
        Date: `${info.date}${NUL}`,
      }),
      "Date",
    );
    await expectTrpcRefusal(await checkout({ Customer: { ...customer, FirstName: NUL } }), "Customer.FirstName");
    await expectTrpcRefusal(await checkout({ PaymentReference: `P${NUL}` }), "PaymentReference");
    await expectTrpcRefusal(await joinWaitlist({ MultiBookingID: `mb_${NUL}` }), "MultiBookingID");
    await expectTrpcRefusal(await joinWaitlist({ Time: `${info.time}${NUL}` }), "Time");
    await expectTrpcRefusal(
      await joinWaitlist({ Customer: { ...customer, Email: `${NUL}ana@example.com` } }),
      "Customer.Email",
    );
  });

  it("/trpc console, signed in: search, references, key names, sales, usage zones", async () => {
    await expectTrpcRefusal(await trpc.query("console.bookings.list", { search: `ana${NUL}` }), "search");
    await expectTrpcRefusal(await trpc.query("console.bookings.get", { reference: `BK-${NUL}` }), "reference");
    await expectTrpcRefusal(await trpc.mutate("console.bookings.cancel", { reference: NUL }), "reference");
    await expectTrpcRefusal(
      await trpc.mutate("console.keys.create", { name: `ci${NUL}`, scopes: ["ota"], partner: "acme-travel" }),
      "name",
    );
    await expectTrpcRefusal(
      await trpc.mutate("console.keys.create", { name: "ci", scopes: ["ota"], partner: `acme${NUL}` }),
      "partner",
    );
    await expectTrpcRefusal(await trpc.mutate("console.keys.revoke", { prefix: `sw_${NUL}` }), "prefix");
    await expectTrpcRefusal(await sellAtDesk({ Customer: { ...customer, LastName: `S${NUL}` } }), "Customer.LastName");
    await expectTrpcRefusal(await sellAtDesk({ PaymentReference: NUL }), "PaymentReference");
    await expectTrpcRefusal(
      await trpc.query("console.usage.series", { from: "2026-01-01", to: "2026-01-02", tz: `UTC${NUL}` }),
      "tz",
    );
  });

  it("/trpc sign-in: the e-mail and the password", async () => {
    const anonymous = rawTrpc(api.base);
    await expectTrpcRefusal(
      await anonymous.mutate("console.session.signIn", {
        email: `demo@example.com${NUL}`,
        password: "correct-horse-battery",
      }),
      "email",
    );
    await expectTrpcRefusal(
      await anonymous.mutate("console.session.signIn", { email: "demo@example.com", password: `x${NUL}` }),
      "password",
    );
  });
});

describe("a lone surrogate is refused, not stored as U+FFFD", () => {
  const before = () => api.db.booking.count({ where: { customerFirstName: { contains: "\ufffd" } } });

  it.each(LONE)("in a REST booking, a usage entry, a shopfront checkout and a key name (%j)", async (lone) => {
    const count = await before();
    // JSON.stringify writes a lone surrogate as its \\u escape, as any client's JSON would.
    expect(JSON.stringify(lone)).toMatch(/\\ud[89a-f][0-9a-f]{2}/);
    await expectRestRefusal(await book({ Customer: { ...customer, FirstName: lone } }), "Customer.FirstName");
    await expectRestRefusal(await recordUsage({ Meter: "api-calls", Usage: 1, ExtraInfo: lone }), "ExtraInfo");
    await expectRestRefusal(await recordUsage({ Meter: lone, Usage: 1 }), "Meter");
    await expectTrpcRefusal(await checkout({ Customer: { ...customer, FirstName: lone } }), "Customer.FirstName");
    await expectTrpcRefusal(
      await trpc.mutate(
        "console.keys.create",
        `{"name":${JSON.stringify(lone)},"scopes":["ota"],"partner":"acme-travel"}`,
      ),
      "name",
    );
    expect(await before()).toBe(count);
  });

  it("in a query parameter, written as its \\u escape inside the tRPC input", async () => {
    await expectTrpcRefusal(await trpc.query("console.bookings.list", { search: "\ud83d" }), "search");
  });
});

describe("usage filter values go through the text rules of every other field", () => {
  const today = new Date().toISOString().slice(0, 10);
  const period = `from=${today}&to=${today}`;

  it.each([
    [`${USAGE}?${period}&filter.x=%00`, "filter.x"],
    [`${USAGE}?${period}&groupBy=x&filter.x=ok%00`, "filter.x"],
    [`${USAGE}?${period}&filter.x=ok&filter.x=%00`, "filter.x"],
  ])("REST %s: 422 naming %s", async (path, field) => {
    await expectRestRefusal(await get(path), field);
  });

  it.each([NUL, ...LONE])("/trpc console.usage.summary with %j as a filter value: 422 naming it", async (bad) => {
    await expectTrpcRefusal(
      await trpc.query("console.usage.summary", { from: today, to: today, "filter.x": bad }),
      "filter.x",
    );
    await expectTrpcRefusal(
      await trpc.query("console.usage.summary", { from: today, to: today, groupBy: ["x"], "filter.x": `ok${bad}` }),
      "filter.x",
    );
  });
});

describe("integers past what PostgreSQL's integer holds", () => {
  it("resolve-product?ID=2147483648 is a 422 naming ID; the largest integer is an honest 404", async () => {
    for (const id of ["2147483648", "9999999999", "99999999999999999999"])
      await expectRestRefusal(await get(`${OTA}/resolve-product?ID=${id}`), "ID");
    const largest = await get(`${OTA}/resolve-product?ID=${INT4_MAX}`);
    expect(largest.status).toBe(404);
    expect((await problemOf(largest)).problem.type).toBe("http://api.test/problems/not-found");
  });

  it("a booking's Participants", async () => {
    await expectRestRefusal(await book({ Participants: 2 ** 31 }), "Participants");
    await expectTrpcRefusal(await sellAtDesk({ Participants: 2 ** 31 }), "Participants");
  });

  it.each([
    ["console.activities.grid", { productId: 2 ** 31 }, "productId"],
    ["console.activities.grid", { productId: 0 }, "productId"],
    ["console.bookings.list", { productId: 2 ** 31 }, "productId"],
    ["console.bookings.list", { partnerId: 2 ** 53 - 1 }, "partnerId"],
  ])("console query %s %j: 422 naming %s", async (path, input, field) => {
    await expectTrpcRefusal(await trpc.query(path, input), field);
  });

  it("console mutations on ids, and the largest id is an honest 404", async () => {
    await expectTrpcRefusal(
      await trpc.mutate("console.timeslots.change", { timeslotId: 2 ** 31, closed: true }),
      "timeslotId",
    );
    await expectTrpcRefusal(await sellAtDesk({ timeslotId: -1 }), "timeslotId");
    const grid = await trpc.query("console.activities.grid", { productId: INT4_MAX });
    expect(grid.status).toBe(404);
    const sale = await sellAtDesk({ timeslotId: INT4_MAX });
    expect(sale.status).toBe(404);
  });
});

describe("dates outside 1970-9998", () => {
  it.each([
    [`${OTA}/availability/s_abcdefgh/timeslots?Date=0000-01-01`, "Date"],
    [`${OTA}/availability/s_abcdefgh/dates?StartDate=0000-12-01&EndDate=0000-12-02`, "StartDate"],
    [`${OTA}/availability/s_abcdefgh/dates?StartDate=1969-12-31&EndDate=1970-01-01`, "StartDate"],
    [`${USAGE}?from=0000-01-01&to=0000-01-02`, "from"],
    [`${USAGE}?from=2026-01-01&to=+02026-01-02`, "to"],
  ])("REST %s: 422 naming %s", async (path, field) => {
    await expectRestRefusal(await get(path), field);
  });

  it("in a booking, a checkout and the console", async () => {
    await expectRestRefusal(await book({ Date: "0000-01-01" }), "Date");
    await expectTrpcRefusal(await checkout({ Date: "0000-02-29" }), "Date");
    await expectTrpcRefusal(await trpc.query("console.bookings.list", { from: "0000-01-01" }), "from");
    await expectTrpcRefusal(
      await trpc.query("console.activities.grid", { productId: info.product.id, from: "1969-07-20" }),
      "from",
    );
  });

  it("the last days of 9998 are answered, not failed", async () => {
    expect(
      (await get(`${OTA}/availability/${info.product.activityId}/dates?StartDate=9998-12-01&EndDate=9998-12-31`))
        .status,
    ).toBe(200);
    expect((await get(`${USAGE}?from=9998-12-31&to=9998-12-31&tz=Pacific/Kiritimati`)).status).toBe(200);
    expect(
      (await trpc.query("console.activities.grid", { productId: info.product.id, from: "9998-12-31" })).status,
    ).toBe(200);
    expect((await trpc.query("console.bookings.list", { from: "9998-12-31", to: "9998-12-31" })).status).toBe(200);
  });

  it("year 9999, whose arithmetic would leave four-digit years, is refused with 422", async () => {
    await expectRestRefusal(
      await get(`${OTA}/availability/${info.product.activityId}/dates?StartDate=9999-12-01&EndDate=9999-12-31`),
      "StartDate",
    );
    await expectRestRefusal(await get(`${USAGE}?from=9999-12-31&to=9999-12-31&tz=Pacific/Kiritimati`), "from");
    await expectTrpcRefusal(
      await trpc.query("console.activities.grid", { productId: info.product.id, from: "9999-12-31" }),
      "from",
    );
    await expectTrpcRefusal(
      await trpc.query("console.bookings.list", { from: "9999-12-31", to: "9999-12-31" }),
      "from",
    );
  });
});

describe("e-mail addresses over 254 characters", () => {
  it("are refused before their form is judged, wherever a customer comes in", async () => {
    expect(longEmail).toHaveLength(255);
    await expectRestRefusal(await book({ Customer: { ...customer, Email: longEmail } }), "Customer.Email");
    await expectTrpcRefusal(await checkout({ Customer: { ...customer, Email: longEmail } }), "Customer.Email");
    await expectTrpcRefusal(await joinWaitlist({ Customer: { ...customer, Email: longEmail } }), "Customer.Email");
    await expectTrpcRefusal(await sellAtDesk({ Customer: { ...customer, Email: longEmail } }), "Customer.Email");
    await expectTrpcRefusal(
      await rawTrpc(api.base).mutate("console.session.signIn", { email: longEmail, password: "x" }),
      "email",
    );
  });
});

describe("time zones", () => {
  it("one the application knows and PostgreSQL does not (US/Pacific-New) gives the console its series", async () => {
    // The last day Los Angeles sprang forward, inside the retention whatever day this runs.
    const spring = lastOffsetChange("America/Los_Angeles", "spring");
    const at = seconds(spring.at) + 15 * 60;
    expect((await recordUsage({ Meter: "pacific-new", Usage: 2, OccurredAt: at })).status).toBe(201);
    const response = await trpc.query("console.usage.series", {
      from: spring.day,
      to: spring.day,
      tz: "US/Pacific-New",
    });
    expect(response.status).toBe(200);
    const { result } = (await response.json()) as {
      result: { data: { unit: string; points: { Meter: string; Bucket: string }[] } };
    };
    expect(result.data.unit).toBe("hour");
    // A quarter past the change (02:00 PST, which becomes 03:00 PDT) is 03:15 PDT.
    expect(result.data.points.filter((p) => p.Meter === "pacific-new").map((p) => p.Bucket)).toEqual([
      `${spring.day}T03:00`,
    ]);
    const summary = await get(`${USAGE}?from=${spring.day}&to=${spring.day}&tz=US/Pacific-New`);
    expect(summary.status).toBe(200);
    expect(((await summary.json()) as { data: { Period: unknown } }).data.Period).toEqual({
      From: spring.day,
      To: spring.day,
      TimeZone: "US/Pacific-New",
      // Local midnight in PST, and the next one in PDT: a day of 23 hours.
      FromTimestamp: seconds(midnightUtc(spring.day)) - spring.before * 60,
      ToTimestamp: seconds(midnightUtc(dayAfter(spring.day, 1))) - spring.after * 60 - 1,
    });
  });

  it.each(["Mars/Olympus", "+01:00", "Europe/Lisbon/", `Europe/${"L".repeat(60)}`, "Factory"])(
    "an unknown or malformed zone %j is a 422 naming tz",
    async (tz) => {
      await expectRestRefusal(await get(`${USAGE}?from=2026-01-01&to=2026-01-02&tz=${encodeURIComponent(tz)}`), "tz");
      await expectTrpcRefusal(
        await trpc.query("console.usage.series", { from: "2026-01-01", to: "2026-01-02", tz }),
        "tz",
      );
    },
  );
});

describe("names match exactly: % _ and \\ are themselves", () => {
  const names = async (path: string) =>
    ((await (await get(path)).json()) as { data: { Name: string }[] }).data.map((p) => p.Name);

  beforeAll(async () => {
    const template = await api.db.product.findFirstOrThrow({ where: { operator: { slug: "demo" } } });
    const {
      id: _id,
      activityId: _a,
      createdAt: _c,
      updatedAt: _u,
      name: _n,
      cancellationPolicy: _p,
      ...rest
    } = template;
    await api.db.product.create({ data: { ...rest, activityId: "s_percent0001", name: "50% Off_Road Tour" } });
  });

  it("resolve-product?Name=% resolves nothing, while a name with % and _ resolves itself", async () => {
    for (const name of ["%", "_", "%%", "%tour%", "50%", "50_ off_road tour", "\\"]) {
      const response = await get(`${OTA}/resolve-product?Name=${encodeURIComponent(name)}`);
      expect(response.status, name).toBe(404);
      expect((await problemOf(response)).problem.type).toBe("http://api.test/problems/not-found");
    }
    const exact = await get(`${OTA}/resolve-product?Name=${encodeURIComponent("50% OFF_ROAD tour")}`);
    expect(exact.status).toBe(200);
    expect(((await exact.json()) as { data: { Name: string } }).data.Name).toBe("50% Off_Road Tour");
  });

  it("the products name filter is a literal, case-insensitive part of the name", async () => {
    expect(await names(`${OTA}/products?name=%25`)).toEqual(["50% Off_Road Tour"]);
    expect(await names(`${OTA}/products?name=_`)).toEqual(["50% Off_Road Tour"]);
    expect(await names(`${OTA}/products?name=F_R`)).toEqual(["50% Off_Road Tour"]);
    expect(await names(`${OTA}/products?name=${encodeURIComponent("k%r")}`)).toEqual([]);
    expect(await names(`${OTA}/products?name=kayak`)).toEqual(["Sunset Kayak Tour"]);
  });
});

describe("meter names cannot pass for a built-in meter", () => {
  const LOOKALIKES: [string, string][] = [
    ["order-completed\u200b", "a zero-width space"],
    ["order\u00adcompleted", "a soft hyphen"],
    ["\ufeffworkflow-email-sent", "a byte-order mark"],
    ["\u043erder-completed", "a Cyrillic о"],
    ["waitlist-n\u03bftified", "a Greek ο"],
    ["order-complete\u0064\u0307", "a combining dot"],
    ["ＯＲＤＥＲ-completed", "fullwidth letters"],
    ["ORDER-COMPLETED", "capitals"],
    ["Order_Completed", "another separator"],
    ["0rder-c0mpleted", "zeros for o"],
    ["workflow-emai1-sent", "a one for l"],
  ];
  // An operator of its own, so that the day's summary holds only what these requests recorded.
  let lookalikeKey: string;
  beforeAll(async () => {
    await api.db.operator.create({ data: { slug: "lookalike-co", name: "Lookalike Co" } });
    lookalikeKey = await api.key({ operator: "lookalike-co", scopes: ["usage:write", "usage:read"] });
  });
  const day = isoDay(utcDay(-2));

  it.each(LOOKALIKES)("%j (%s) is a 422 naming Meter, and records nothing", async (Meter) => {
    const body = { Meter, Usage: 1, OccurredAt: seconds(addHours(utcDay(-2), 12)) };
    await expectRestRefusal(await api.request(USAGE, { method: "POST", key: lookalikeKey, json: body }), "Meter");
  });

  it("so the summary shows built-in meters only under their own names", async () => {
    const response = await api.request(`${USAGE}?from=${day}&to=${day}&tz=UTC`, { key: lookalikeKey });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { Meters: unknown[] } }).data.Meters).toEqual([]);
  });

  it("and the OpenAPI document states the rule on the field", async () => {
    const document = (await (await api.request("/api/v2/openapi.json")).json()) as {
      paths: Record<
        string,
        {
          post: {
            requestBody: {
              content: Record<
                string,
                { schema: { properties: Record<string, { description?: string; pattern?: string }> } }
              >;
            };
          };
        }
      >;
    };
    const meter =
      document.paths[USAGE.slice("/api/v2".length)]!.post.requestBody.content["application/json"]!.schema.properties
        .Meter!;
    expect(meter.pattern).toBe("^[A-Za-z0-9._:/-]+$");
    expect(meter.description).toContain("order-completed, waitlist-notified, workflow-email-sent");
  });

  it("while ordinary names of the safe alphabet are recorded", async () => {
    for (const Meter of ["api-calls", "svc:search/v2.requests", "Order_Total"])
      expect((await recordUsage({ Meter, Usage: 1 })).status, Meter).toBe(201);
  });
});

describe("waiver file answers must be well-formed https URLs", () => {
  const fileAnswer = (value: string) => {
    const answers = answersFor(info.product);
    const index = info.product.questions.findIndex((q) => q.type === "FILE");
    return { index, answers: answers.map((a, i) => (i === index ? { ...a, Value: value } : a)) };
  };

  it.each([
    "https://x.example/%E0%A4%A",
    "https://x.example/%E0%A4",
    "https://x.example/%G1.pdf",
    "https://x.example/id card.pdf",
    "https://x.example/id\n.pdf",
    "https://user:pass@x.example/id.pdf",
    `https://x.example/${"a".repeat(2100)}`,
  ])("%j is a 422 naming the answer, from a partner and from the shopfront", async (url) => {
    const { index, answers } = fileAnswer(url);
    expect(index).toBeGreaterThanOrEqual(0);
    await expectRestRefusal(await book({ Answers: answers }), `Answers[${index}].Value`);
    await expectTrpcRefusal(await checkout({ Answers: answers }), `Answers[${index}].Value`);
  });
});

/** The old-generation heap the API process gets: enough for its work, not for keeping what clients send. */
const HEAP_MIB = 128;

describe("memory under thousands of distinct hostile inputs, in a real API process", () => {
  let child: ApiProcess;
  afterAll(async () => {
    await child.stop();
  });

  it(
    "answers 3,000 rounds of 60 KB Times, zone spellings, name filters and date ranges within a 128 MiB heap",
    { timeout: 300_000 },
    async () => {
      child = await spawnApi({
        DATABASE_URL: url,
        LOG_LEVEL: "warn",
        WORKER: "off",
        RATE_LIMIT_PER_SECOND: "1000000",
        RATE_LIMIT_BURST: "1000000",
        SHOP_WRITES_PER_HOUR: "1000000",
        NODE_OPTIONS: `--max-old-space-size=${HEAP_MIB}`,
      });
      const pid = child.child.pid ?? 0;
      const partnerKey = await issueKey(db);
      const readerKey = await issueKey(db, { scopes: ["usage:read"] });
      const slot = await openSlot(db);
      const post = (path: string, body: string) =>
        fetch(`${child.base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body });
      const rest = (path: string, withKey: string) =>
        fetch(`${child.base}${path}`, { headers: { Authorization: `Bearer ${withKey}` } });
      const zoneSpelling = (i: number) =>
        "America/Argentina/ComodRivadavia".replace(/[a-z]/gi, (c, j: number) =>
          (i >> (j % 20)) & 1 ? c.toUpperCase() : c.toLowerCase(),
        );
      // Distinct date ranges, from a year back: the answers' size does not depend on the day.
      const firstDay = utcDay(-365);
      const hostile = async (i: number) => {
        const time = `${String(i).padStart(6, "0")}${"9".repeat(60_000)}`;
        const waitlist = await post(
          "/trpc/shopfront.joinWaitlist",
          JSON.stringify({
            operator: "demo",
            ActivityID: slot.product.activityId,
            Date: slot.date,
            Time: time,
            Participants: 1,
            Customer: customer,
          }),
        );
        expect(waitlist.status).toBe(422);
        const zone = await rest(`${USAGE}?from=2026-01-01&to=2026-01-31&tz=${zoneSpelling(i)}`, readerKey);
        expect(zone.status).toBe(200);
        const name = await rest(`${OTA}/products?name=${i}-${"n".repeat(190)}`, partnerKey);
        expect(name.status).toBe(200);
        const start = isoDay(addDays(firstDay, i % 300));
        const end = isoDay(addDays(firstDay, (i % 300) + 60 + Math.floor(i / 300)));
        const range = await rest(
          `${OTA}/availability/${slot.product.activityId}/dates?StartDate=${start}&EndDate=${end}`,
          partnerKey,
        );
        expect(range.status).toBe(200);
        await Promise.all([waitlist.text(), zone.text(), name.text(), range.text()]);
      };

      await inParallel(1000, 4, hostile);
      const warm = residentMiB(pid);
      await inParallel(2000, 4, (i) => hostile(1000 + i));
      console.info(
        `API process RSS: ${warm.toFixed(0)} MiB after 1,000 hostile rounds, ${residentMiB(pid).toFixed(0)} MiB after 3,000`,
      );
      // The process's resident size moves with the collector's mood on a busy machine; its heap
      // cap does not. A memo that kept each 60 KB Time would hold far more than the 128 MiB heap
      // across these rounds, so a process still answering is the proof that none does.
      expect(child.child.exitCode).toBeNull();
      expect((await fetch(`${child.base}/healthz`)).status).toBe(200);
    },
  );
});
