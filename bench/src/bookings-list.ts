/**
 * `pnpm --filter @slotwise/bench bookings-list`: the console's bookings page over 100,000
 * bookings. Adds them with bulk SQL to a fresh seeded database, signs in as the demo operator
 * and times `console.bookings.list` over HTTP (/trpc) for the queries an operator makes, right
 * after the load and again after VACUUM; then a partner's booking search over REST, for the
 * partner that holds a third of them and for one with a few.
 */
import { createApiKey } from "@slotwise/db";

import { startStack } from "./stack.ts";

const TOTAL = 100_000;
const SAMPLES = 30;
const stack = await startStack();
try {
  const [api] = await stack.startApis(1);
  if (!api) throw new Error("the API did not start");
  const started = performance.now();
  await stack.db.$executeRawUnsafe(
    `INSERT INTO bookings (reference, operator_id, product_id, timeslot_id, starts_at, source, partner_id, payment_reference, participants,
                           units, total_amount, currency,
                           customer_first_name, customer_last_name, customer_email, customer_phone, status, waiver_status, created_at, updated_at, cancelled_at)
     SELECT 'BX-' || lpad(to_hex(i), 8, '0'), $1, t.product_id, t.id, t.starts_at,
            (CASE i % 3 WHEN 0 THEN 'PARTNER' WHEN 1 THEN 'ONLINE' ELSE 'POS' END)::booking_source,
            CASE WHEN i % 3 = 0 THEN (SELECT id FROM partners WHERE operator_id = $1 ORDER BY id LIMIT 1) END,
            'PAY-' || i, 1 + i % 4,
            jsonb_build_array(jsonb_build_object('UnitID', 'adult', 'Label', 'Adult', 'Quantity', 1 + i % 4, 'Price', t.price_amount)),
            (1 + i % 4) * t.price_amount, t.currency,
            (ARRAY['Ana','Rui','Joana','Pedro','Marta','Luis'])[1 + i % 6], 'Customer' || (i % 5000),
            'customer' || i || '@example.com', '+351912345678',
            (CASE WHEN i % 10 = 0 THEN 'CANCELLED' ELSE 'CONFIRMED' END)::booking_status,
            (CASE WHEN i % 4 = 0 THEN 'PENDING' ELSE 'COMPLETE' END)::waiver_status, now(), now(),
            CASE WHEN i % 10 = 0 THEN now() END
       FROM generate_series(1, ${TOTAL}) AS i
       JOIN LATERAL (SELECT ts.id, ts.product_id, ts.starts_at, p.price_amount, p.currency FROM timeslots ts JOIN products p ON p.id = ts.product_id
                      WHERE p.operator_id = $1 ORDER BY ts.id OFFSET (i % 500) LIMIT 1) t ON true`,
    stack.operatorId,
  );
  await stack.db.$executeRawUnsafe("ANALYZE bookings");
  const loadSeconds = (performance.now() - started) / 1000;

  const signIn = await fetch(`${api.base}/trpc/console.session.signIn`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: "http://localhost:3000" },
    body: JSON.stringify({ email: "demo@example.com", password: "correct-horse-battery" }),
  });
  const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const total = await stack.db.booking.count({ where: { operatorId: stack.operatorId } });
  console.log(`${total.toLocaleString("en-GB")} bookings of the demo operator (loaded in ${loadSeconds.toFixed(1)} s)`);
  const queries: [string, Record<string, unknown>][] = [
    ["first page, newest activity first", {}],
    ["page 2,000 of 4,000", { page: 2000 }],
    ["page 2,000 of 4,000, by customer", { page: 2000, sort: "customer", direction: "asc" }],
    ["page 2,000 of 4,000, by total", { page: 2000, sort: "totalAmount", direction: "desc" }],
    ["last page", { page: Math.ceil(total / 25) }],
    ["search a customer's last name", { search: "customer4321" }],
    ["search two words", { search: "ana customer12" }],
    ["search a payment reference", { search: "PAY-77777" }],
    ["source POS, cancelled, waiver pending", { source: "POS", status: "CANCELLED", waiverStatus: "PENDING" }],
    [
      "one month of activity dates, by customer",
      { from: "2026-12-01", to: "2026-12-31", sort: "customer", direction: "asc" },
    ],
  ];
  const measure = async (label: string, input: Record<string, unknown>) => {
    const url = `${api.base}/trpc/console.bookings.list?input=${encodeURIComponent(JSON.stringify(input))}`;
    const times: number[] = [];
    let matching = 0;
    for (let i = 0; i < SAMPLES + 3; i++) {
      const t = performance.now();
      const response = await fetch(url, { headers: { cookie } });
      const body = (await response.json()) as { result?: { data: { total: number } } };
      if (!body.result) throw new Error(`${label}: ${JSON.stringify(body)}`);
      matching = body.result.data.total;
      if (i >= 3) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => (times[Math.ceil((p / 100) * times.length) - 1] ?? Number.NaN).toFixed(1);
    return { matching, figures: `${at(50)} | ${at(95)}` };
  };
  // Right after the bulk load, before autovacuum has run: index-only scans still visit rows.
  const fresh = new Map<string, string>();
  for (const [label, input] of queries) fresh.set(label, (await measure(label, input)).figures);
  await stack.db.$executeRawUnsafe("VACUUM ANALYZE bookings");
  console.log(
    "| query | rows matching | p50 ms | p95 ms | p50 ms after VACUUM | p95 ms after VACUUM |\n| --- | --- | --- | --- | --- | --- |",
  );
  for (const [label, input] of queries) {
    const vacuumed = await measure(label, input);
    console.log(
      `| ${label} | ${vacuumed.matching.toLocaleString("en-GB")} | ${fresh.get(label)} | ${vacuumed.figures} |`,
    );
  }

  // Partners' booking search: 92 days of activity dates, every page followed.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const partners = await stack.db.partner.findMany({ where: { operatorId: stack.operatorId }, orderBy: { id: "asc" } });
  console.log(
    "\n| partner | bookings in 92 days | pages | first page p50 ms | first page p95 ms | every page, ms per page |\n| --- | --- | --- | --- | --- | --- |",
  );
  for (const partner of partners) {
    const { key } = await createApiKey(stack.db, {
      operatorSlug: "demo",
      scopes: ["ota"],
      partnerSlug: partner.slug,
      now: new Date(),
    });
    const search = `${api.base}/api/v2/ota/${partner.slug}/bookings?from=${day(-45)}&to=${day(46)}`;
    const get = async (url: string) => {
      const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
      if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { data: unknown[]; next: string | null };
    };
    const firstPage: number[] = [];
    for (let i = 0; i < SAMPLES + 3; i++) {
      const t = performance.now();
      await get(search);
      if (i >= 3) firstPage.push(performance.now() - t);
    }
    firstPage.sort((a, b) => a - b);
    const at = (p: number) => (firstPage[Math.ceil((p / 100) * firstPage.length) - 1] ?? Number.NaN).toFixed(1);
    let [pages, rows, next] = [0, 0, null as string | null];
    const t = performance.now();
    do {
      const page = await get(next ? `${search}&cursor=${next}` : search);
      pages += 1;
      rows += page.data.length;
      next = page.next;
    } while (next);
    const perPage = ((performance.now() - t) / pages).toFixed(1);
    console.log(
      `| ${partner.slug} | ${rows.toLocaleString("en-GB")} | ${pages} | ${at(50)} | ${at(95)} | ${perPage} |`,
    );
  }
} finally {
  await stack.stop();
}
