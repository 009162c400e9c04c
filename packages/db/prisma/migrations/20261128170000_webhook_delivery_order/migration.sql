-- Deliveries start when their event commits, in the order their subject's events happened.
--
-- `subject`: what a delivery is about ('booking:<id>', 'timeslot:<id>'). A pending delivery is
-- sent only once no earlier delivery of the same subject to the same endpoint is pending, so a
-- booking's events reach an endpoint in the order they happened (contract section 21).
ALTER TABLE "webhook_deliveries" ADD COLUMN "subject" TEXT;
CREATE INDEX "webhook_deliveries_endpoint_id_subject_id_idx" ON "webhook_deliveries"("endpoint_id", "subject", "id");
-- The worker's wake-up: the next pending delivery due.
CREATE INDEX "webhook_deliveries_next_attempt_at_idx" ON "webhook_deliveries"("next_attempt_at") WHERE "status" = 'PENDING';

-- The worker hears of new deliveries through the change log (listenForChanges), not through a
-- NOTIFY in the booking's transaction: PostgreSQL serialises the commits of notifying
-- transactions (see migration `timeslot_change_log`). The log row becomes visible at the
-- commit; the API process's announcement right after it, or the worker's next read of the
-- log, starts the delivery.
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
  ), deliveries AS (
    INSERT INTO webhook_deliveries (event_id, endpoint_id, subject)
    SELECT event.id, targets.id, 'booking:' || (p_data ->> 'id') FROM event, targets
  )
  INSERT INTO change_log (topic) SELECT 'webhooks' FROM event
$$;

-- availability.changed: ordered per timeslot, heard of the same way.
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
  ), deliveries AS (
    INSERT INTO webhook_deliveries (event_id, endpoint_id, subject)
    SELECT event.id, targets.id, 'timeslot:' || (p_data ->> 'timeslot_id') FROM event, targets
  )
  INSERT INTO change_log (topic) SELECT 'webhooks' FROM event
$$;
