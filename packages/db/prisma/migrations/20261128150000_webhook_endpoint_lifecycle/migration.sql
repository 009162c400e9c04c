-- Deliveries of a deleted or disabled endpoint are cancelled, not left pending.
ALTER TYPE "webhook_delivery_status" ADD VALUE 'CANCELLED';
-- The e-mail telling an operator that an endpoint was disabled.
ALTER TYPE "email_kind" ADD VALUE 'WEBHOOK_DISABLED';

-- `failing_since`: the first failed attempt since the last delivered one (null while the
-- endpoint delivers). `disabled_at`: set once it has failed every attempt for 3 days.
ALTER TABLE "webhook_endpoints" ADD COLUMN "failing_since" TIMESTAMPTZ(3), ADD COLUMN "disabled_at" TIMESTAMPTZ(3);
CREATE INDEX "webhook_endpoints_failing_since_idx" ON "webhook_endpoints"("failing_since");

-- Retention deletes events and attempts by age, in batches.
CREATE INDEX "webhook_events_created_at_idx" ON "webhook_events"("created_at");
CREATE INDEX "webhook_attempts_at_idx" ON "webhook_attempts"("at");

-- A disabled endpoint gets no new deliveries, like a deleted one.
CREATE OR REPLACE FUNCTION "slotwise_webhook_event"(p_operator INTEGER, p_partner INTEGER, p_type TEXT, p_data JSONB)
RETURNS void LANGUAGE sql AS $$
  WITH targets AS (
    SELECT id FROM webhook_endpoints
     WHERE operator_id = p_operator AND deleted_at IS NULL AND disabled_at IS NULL AND p_type = ANY(events)
       AND (p_partner IS NULL OR partner_id = p_partner)
  ), event AS (
    INSERT INTO webhook_events (public_id, operator_id, type, data)
    SELECT 'evt_' || replace(gen_random_uuid()::text, '-', ''), p_operator, p_type, p_data
     WHERE EXISTS (SELECT 1 FROM targets)
    RETURNING id
  )
  INSERT INTO webhook_deliveries (event_id, endpoint_id) SELECT event.id, targets.id FROM event, targets
$$;

CREATE OR REPLACE FUNCTION "slotwise_availability_webhook_event"(p_operator INTEGER, p_product INTEGER, p_data JSONB)
RETURNS void LANGUAGE sql AS $$
  WITH targets AS (
    SELECT id FROM webhook_endpoints
     WHERE operator_id = p_operator AND deleted_at IS NULL AND disabled_at IS NULL
       AND 'availability.changed' = ANY(events)
       AND slotwise_partner_may_sell(partner_id, p_product)
  ), event AS (
    INSERT INTO webhook_events (public_id, operator_id, type, data)
    SELECT 'evt_' || replace(gen_random_uuid()::text, '-', ''), p_operator, 'availability.changed', p_data
     WHERE EXISTS (SELECT 1 FROM targets)
    RETURNING id
  )
  INSERT INTO webhook_deliveries (event_id, endpoint_id) SELECT event.id, targets.id FROM event, targets
$$;
