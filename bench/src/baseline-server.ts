/**
 * The baseline: the same database work as the REST paths under test, served by a minimal
 * Fastify route over `pg`, without tRPC, OpenAPI, auth, validation or rate limits. What the
 * REST layer costs is measured against this, in the same run on the same database.
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

app.get<{ Params: { activityId: string }; Querystring: { from: string; to: string } }>(
  "/timeslots/:activityId",
  async (request, reply) => {
    const product = await pool.query<{ id: number; duration_minutes: number }>(
      "SELECT id, duration_minutes FROM products WHERE activity_id = $1 AND operator_id = $2",
      [request.params.activityId, Number(process.env.OPERATOR_ID)],
    );
    const found = product.rows[0];
    if (!found) return reply.code(404).send({ error: "not found" });
    const { rows } = await pool.query<{ starts_at: Date; capacity: number; places_taken: number }>(
      "SELECT starts_at, capacity, places_taken FROM timeslots WHERE product_id = $1 AND starts_at >= $2 AND starts_at < $3 AND NOT closed ORDER BY starts_at",
      [found.id, request.query.from, request.query.to],
    );
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

// The same statement shape as the API's batch insert (arrays through unnest, EventIDs deduplicated
// by the unique index), straight from the parsed body: no validation, no exact-decimal checks.
app.post<{ Body: { Entries: BatchEntry[] } }>("/usage/batch", async (request, reply) => {
  const entries = request.body.Entries;
  const now = Math.floor(Date.now() / 1000);
  const { rowCount } = await pool.query(
    `INSERT INTO usage_entries (operator_id, meter, usage, extra_info, occurred_at, event_id)
     SELECT $1, meter, usage::numeric, extra_info, to_timestamp(occurred_at), event_id
       FROM unnest($2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[])
            WITH ORDINALITY AS batch(meter, usage, extra_info, occurred_at, event_id, position)
      ORDER BY position
     ON CONFLICT (operator_id, event_id) DO NOTHING`,
    [
      Number(process.env.OPERATOR_ID),
      entries.map((e) => e.Meter),
      entries.map((e) => String(e.Usage)),
      entries.map((e) => e.ExtraInfo ?? null),
      entries.map((e) => e.OccurredAt ?? now),
      entries.map((e) => e.EventID ?? null),
    ],
  );
  return reply.code(201).send({ data: { Recorded: rowCount, Duplicates: entries.length - (rowCount ?? 0) } });
});

await app.listen({ port, host: "127.0.0.1" });
process.on("SIGTERM", () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});
