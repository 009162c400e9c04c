/**
 * The baseline: the same database work as the REST paths under test, served by a minimal
 * Fastify route over `pg`, without tRPC, OpenAPI, auth, validation or rate limits. What the
 * REST layer costs is measured against this, in the same run on the same database.
 *
 * `/cached/…` serves the same GETs from memory, as the API does from its read cache: the
 * first request for a set of parameters queries, and every later one sends the body kept for
 * it. What the layers alone cost (routing, auth, validation, ETag, serialization) is
 * measured against those.
 *
 *   node --import tsx baseline-server.ts <port>   (DATABASE_URL in the environment)
 */
import Fastify from "fastify";
import pg from "pg";

const port = Number(process.argv[2]);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const app = Fastify({ logger: false });

app.get<{ Querystring: { name?: string } }>("/products", async (request) => {
  const { rows } = await pool.query(
    `SELECT id, activity_id, name, description, duration_minutes, time_zone, location, price_amount, currency, min_participants, max_participants
       FROM products WHERE operator_id = $1 AND active AND ($2::text IS NULL OR name ILIKE '%' || $2 || '%') ORDER BY name, id`,
    [Number(process.env.OPERATOR_ID), request.query.name ?? null],
  );
  return { data: rows };
});

/** The activity's open timeslots starting in [from, to), with the product they belong to; null for an unknown activity. */
async function openTimeslots(activityId: string, from: string, to: string) {
  const product = await pool.query<{ id: number; duration_minutes: number; time_zone: string }>(
    "SELECT id, duration_minutes, time_zone FROM products WHERE activity_id = $1 AND operator_id = $2",
    [activityId, Number(process.env.OPERATOR_ID)],
  );
  const found = product.rows[0];
  if (!found) return null;
  const { rows } = await pool.query<{ starts_at: Date; capacity: number; places_taken: number }>(
    "SELECT starts_at, capacity, places_taken FROM timeslots WHERE product_id = $1 AND starts_at >= $2 AND starts_at < $3 AND NOT closed ORDER BY starts_at",
    [found.id, from, to],
  );
  return { product: found, rows };
}

app.get<{ Params: { activityId: string }; Querystring: { from: string; to: string } }>(
  "/timeslots/:activityId",
  async (request, reply) => {
    const slots = await openTimeslots(request.params.activityId, request.query.from, request.query.to);
    if (!slots) return reply.code(404).send({ error: "not found" });
    const { product: found, rows } = slots;
    return {
      data: rows.map((s) => ({
        StartsAt: s.starts_at.toISOString(),
        EndsAt: new Date(s.starts_at.getTime() + found.duration_minutes * 60_000).toISOString(),
        Capacity: s.capacity,
        Available: s.capacity - s.places_taken,
      })),
    };
  },
);

/** Bodies already serialized, by request URL: a plain server's in-process cache. */
const cached = new Map<string, string>();

app.get<{ Querystring: { name?: string } }>("/cached/products", async (request, reply) => {
  let body = cached.get(request.url);
  if (body === undefined) {
    // The API's shape (units included), so both send about as many bytes.
    const { rows } = await pool.query(
      `SELECT p.id AS "ID", p.activity_id AS "ActivityID", p.name AS "Name", p.description AS "Description",
              p.duration_minutes AS "DurationMinutes", p.time_zone AS "TimeZone", p.location AS "Location",
              json_build_object('Amount', p.price_amount, 'Currency', p.currency) AS "Price",
              COALESCE((SELECT json_agg(json_build_object('ID', u.unit_id, 'Label', u.label, 'MinAge', u.min_age, 'MaxAge', u.max_age,
                                                          'Price', json_build_object('Amount', u.price_amount, 'Currency', p.currency)) ORDER BY u.position, u.id)
                          FROM product_units u WHERE u.product_id = p.id AND u.retired_at IS NULL), '[]') AS "Units",
              p.min_participants AS "MinParticipants", p.max_participants AS "MaxParticipants"
         FROM products p WHERE p.operator_id = $1 AND p.active AND ($2::text IS NULL OR p.name ILIKE '%' || $2 || '%') ORDER BY p.name, p.id`,
      [Number(process.env.OPERATOR_ID), request.query.name ?? null],
    );
    body = JSON.stringify({ data: rows });
    cached.set(request.url, body);
  }
  return reply.type("application/json; charset=utf-8").send(body);
});

app.get<{ Params: { activityId: string }; Querystring: { from: string; to: string } }>(
  "/cached/timeslots/:activityId",
  async (request, reply) => {
    let body = cached.get(request.url);
    if (body === undefined) {
      const slots = await openTimeslots(request.params.activityId, request.query.from, request.query.to);
      if (!slots) return reply.code(404).send({ error: "not found" });
      const { product: found, rows } = slots;
      const time = new Intl.DateTimeFormat("en-GB", { timeZone: found.time_zone, hour: "2-digit", minute: "2-digit" });
      // The API's fields (local Time included); its offsets are the zone's, these UTC's: the same length.
      body = JSON.stringify({
        data: rows.map((s) => ({
          Time: time.format(s.starts_at),
          StartsAt: `${s.starts_at.toISOString().slice(0, 19)}+00:00`,
          EndsAt: `${new Date(s.starts_at.getTime() + found.duration_minutes * 60_000).toISOString().slice(0, 19)}+00:00`,
          Capacity: s.capacity,
          Available: s.capacity - s.places_taken,
        })),
      });
      cached.set(request.url, body);
    }
    return reply.type("application/json; charset=utf-8").send(body);
  },
);

app.post<{ Body: { Meter: string; Usage: number; OccurredAt: number } }>("/usage", async (request, reply) => {
  const { Meter, Usage, OccurredAt } = request.body;
  const { rows } = await pool.query<{ id: string }>(
    "INSERT INTO usage_entries (operator_id, meter, usage, occurred_at) VALUES ($1, $2, $3, to_timestamp($4)) RETURNING id",
    [Number(process.env.OPERATOR_ID), Meter, Usage, OccurredAt],
  );
  return reply.code(201).send({ data: { ID: rows[0]?.id } });
});

interface BatchEntry {
  Meter: string;
  Usage: number;
  ExtraInfo?: string | null;
  OccurredAt?: number;
  EventID?: string;
}

// The API's claiming statement (the entries as one JSON text through json_to_recordset, each
// numbered, its EventID claimed with the others in one INSERT … ON CONFLICT DO NOTHING, and only
// entries whose claim went in inserted), straight from the parsed body: no validation, no
// exact-decimal checks, no dimensions.
app.post<{ Body: { Entries: BatchEntry[] } }>("/usage/batch", async (request, reply) => {
  const entries = request.body.Entries;
  const now = Math.floor(Date.now() / 1000);
  // Prepared once per connection, named, as the API's statement is on its pool.
  const { rowCount } = await pool.query({
    name: "baseline_usage_batch",
    text: `WITH keys_claimed AS MATERIALIZED (SELECT set_config('slotwise.usage_keys_claimed', 'on', true)),
     batch AS MATERIALIZED (
       SELECT nextval('usage_entries_id_seq') AS id, meter, usage, extra_info, to_timestamp(occurred_at) AS occurred_at,
              event_id, position
         FROM ROWS FROM (json_to_recordset($2::json) AS (meter text, usage text, extra_info text, occurred_at float8,
                                                          event_id text))
              WITH ORDINALITY AS entry(meter, usage, extra_info, occurred_at, event_id, position)
              CROSS JOIN keys_claimed
     ),
     claimed AS (
       INSERT INTO usage_event_ids (operator_id, event_id, entry_id, occurred_at)
       SELECT $1, event_id, id, occurred_at FROM batch WHERE event_id IS NOT NULL ORDER BY event_id, position
       ON CONFLICT DO NOTHING
       RETURNING entry_id
     )
     INSERT INTO usage_entries (id, operator_id, meter, usage, extra_info, occurred_at, event_id)
     SELECT id, $1, meter, usage::numeric, extra_info, occurred_at, event_id
       FROM batch
      WHERE event_id IS NULL OR id IN (SELECT entry_id FROM claimed)`,
    values: [
      Number(process.env.OPERATOR_ID),
      JSON.stringify(
        entries.map((e) => ({
          meter: e.Meter,
          usage: String(e.Usage),
          extra_info: e.ExtraInfo ?? null,
          occurred_at: e.OccurredAt ?? now,
          event_id: e.EventID ?? null,
        })),
      ),
    ],
  });
  return reply.code(201).send({ data: { Recorded: rowCount, Duplicates: entries.length - (rowCount ?? 0) } });
});

await app.listen({ port, host: "127.0.0.1" });
process.on("SIGTERM", () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});
