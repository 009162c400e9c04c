-- Signed webhooks to partners (contract section 11). Events are written by triggers in the
-- transaction of the change itself, with one delivery per subscribed endpoint: every write
-- path (partner API, console, point of sale, the expiry sweep, a hand-written UPDATE) is
-- covered, nothing is sent for a change that rolls back, and nothing committed is lost. The
-- worker sends the deliveries afterwards; no request ever waits for a receiver.

CREATE TYPE "webhook_delivery_status" AS ENUM ('PENDING', 'DELIVERED', 'FAILED');

-- The secret is kept as issued (`whsec_…`): it must sign every delivery, so a hash would not do.
CREATE TABLE "webhook_endpoints" (
  "id" SERIAL NOT NULL,
  "operator_id" INTEGER NOT NULL,
  "partner_id" INTEGER NOT NULL,
  "url" VARCHAR(2048) NOT NULL,
  "events" VARCHAR(40)[],
  "secret" VARCHAR(100) NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "deleted_at" TIMESTAMPTZ(3),
  CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "webhook_endpoints_events_given" CHECK (cardinality(coalesce("events", '{}')) > 0)
);
CREATE INDEX "webhook_endpoints_operator_id_idx" ON "webhook_endpoints"("operator_id");
CREATE INDEX "webhook_endpoints_partner_id_idx" ON "webhook_endpoints"("partner_id");
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_operator_id_fkey"
  FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_partner_id_fkey"
  FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- `data` is the changed row as it was at the event (the booking, or the timeslot) with its
-- product's activity id and zone: what is sent is the state the event speaks of.
CREATE TABLE "webhook_events" (
  "id" SERIAL NOT NULL,
  "public_id" VARCHAR(40) NOT NULL,
  "operator_id" INTEGER NOT NULL,
  "type" VARCHAR(40) NOT NULL,
  "data" JSONB NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "webhook_events_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "webhook_events_public_id_key" ON "webhook_events"("public_id");
CREATE INDEX "webhook_events_operator_id_created_at_idx" ON "webhook_events"("operator_id", "created_at");
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_operator_id_fkey"
  FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- `next_attempt_at` is also the lease of an attempt in progress; `retry_from` is when the
-- delivery (or its redelivery) was asked for: retries stop a configured time after it.
CREATE TABLE "webhook_deliveries" (
  "id" SERIAL NOT NULL,
  "event_id" INTEGER NOT NULL,
  "endpoint_id" INTEGER NOT NULL,
  "status" "webhook_delivery_status" NOT NULL DEFAULT 'PENDING',
  "attempts" INTEGER NOT NULL DEFAULT 0,
  "retry_from" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "delivered_at" TIMESTAMPTZ(3),
  "last_error" TEXT,
  CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "webhook_deliveries_event_id_endpoint_id_key" ON "webhook_deliveries"("event_id", "endpoint_id");
-- The sweep reads each live endpoint's due deliveries from this index.
CREATE INDEX "webhook_deliveries_endpoint_id_status_next_attempt_at_idx" ON "webhook_deliveries"("endpoint_id", "status", "next_attempt_at");
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_fkey"
  FOREIGN KEY ("event_id") REFERENCES "webhook_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_fkey"
  FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The delivery log: one row per attempt.
CREATE TABLE "webhook_attempts" (
  "id" SERIAL NOT NULL,
  "delivery_id" INTEGER NOT NULL,
  "at" TIMESTAMPTZ(3) NOT NULL,
  "status_code" INTEGER,
  "duration_ms" INTEGER NOT NULL,
  "error" TEXT,
  CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "webhook_attempts_delivery_id_at_idx" ON "webhook_attempts"("delivery_id", "at");
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_fkey"
  FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Records one event and its deliveries, in one statement, only when some live endpoint of the
-- operator (of the partner, when given) asked for this type.
CREATE FUNCTION "slotwise_webhook_event"(p_operator INTEGER, p_partner INTEGER, p_type TEXT, p_data JSONB)
RETURNS void LANGUAGE sql AS $$
  WITH targets AS (
    SELECT id FROM webhook_endpoints
     WHERE operator_id = p_operator AND deleted_at IS NULL AND p_type = ANY(events)
       AND (p_partner IS NULL OR partner_id = p_partner)
  ), event AS (
    INSERT INTO webhook_events (public_id, operator_id, type, data)
    SELECT 'evt_' || replace(gen_random_uuid()::text, '-', ''), p_operator, p_type, p_data
     WHERE EXISTS (SELECT 1 FROM targets)
    RETURNING id
  )
  INSERT INTO webhook_deliveries (event_id, endpoint_id) SELECT event.id, targets.id FROM event, targets
$$;

-- Bookings are the hot write path: the trigger's WHEN clauses skip every row that is no
-- partner's or changed nothing a partner hears about, and an operator without endpoints
-- costs one index probe.
CREATE FUNCTION "slotwise_booking_webhook"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind TEXT;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE operator_id = NEW.operator_id AND deleted_at IS NULL) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM NEW.status THEN
    kind := CASE NEW.status
      WHEN 'CONFIRMED' THEN 'booking.confirmed'
      WHEN 'CANCELLED' THEN 'booking.cancelled'
      WHEN 'EXPIRED' THEN 'booking.expired'
    END;
  ELSE
    kind := 'booking.changed';
  END IF;
  IF kind IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM slotwise_webhook_event(NEW.operator_id, NEW.partner_id, kind,
    (to_jsonb(NEW) - 'search_text') || (SELECT jsonb_build_object('activity_id', activity_id, 'time_zone', time_zone)
                                          FROM products WHERE id = NEW.product_id));
  RETURN NULL;
END
$$;

CREATE TRIGGER "bookings_webhook_insert" AFTER INSERT ON "bookings"
  FOR EACH ROW WHEN (NEW.partner_id IS NOT NULL AND NEW.status = 'CONFIRMED')
  EXECUTE FUNCTION "slotwise_booking_webhook"();
CREATE TRIGGER "bookings_webhook_update" AFTER UPDATE ON "bookings"
  FOR EACH ROW WHEN (NEW.partner_id IS NOT NULL AND (
    OLD.status IS DISTINCT FROM NEW.status OR OLD.timeslot_id IS DISTINCT FROM NEW.timeslot_id
    OR OLD.participants IS DISTINCT FROM NEW.participants OR OLD.units IS DISTINCT FROM NEW.units))
  EXECUTE FUNCTION "slotwise_booking_webhook"();

CREATE FUNCTION "slotwise_timeslot_webhook"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  product RECORD;
BEGIN
  SELECT operator_id, activity_id, time_zone INTO product FROM products WHERE id = NEW.product_id;
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE operator_id = product.operator_id AND deleted_at IS NULL) THEN
    RETURN NULL;
  END IF;
  PERFORM slotwise_webhook_event(product.operator_id, NULL, 'availability.changed',
    jsonb_build_object('timeslot_id', NEW.id, 'starts_at', NEW.starts_at, 'capacity', NEW.capacity,
                       'places_taken', NEW.places_taken, 'closed', NEW.closed,
                       'activity_id', product.activity_id, 'time_zone', product.time_zone));
  RETURN NULL;
END
$$;

CREATE TRIGGER "timeslots_webhook_update" AFTER UPDATE ON "timeslots"
  FOR EACH ROW WHEN (OLD.places_taken IS DISTINCT FROM NEW.places_taken
    OR OLD.capacity IS DISTINCT FROM NEW.capacity OR OLD.closed IS DISTINCT FROM NEW.closed)
  EXECUTE FUNCTION "slotwise_timeslot_webhook"();
