-- `after_id`: the delivery of the same subject to the same endpoint that this one waits for (the
-- latest not cancelled when it was written). A delivery is due once that one is no longer
-- pending: one primary-key lookup, where a search of the subject's pending deliveries let the
-- planner, before the table's statistics caught up with a burst, scan the endpoint's whole
-- backlog for each due delivery.
ALTER TABLE "webhook_deliveries" ADD COLUMN "after_id" INTEGER;

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
  ), about AS (
    SELECT 'booking:' || (p_data ->> 'id') AS subject
  ), deliveries AS (
    INSERT INTO webhook_deliveries (event_id, endpoint_id, subject, after_id)
    SELECT event.id, targets.id, about.subject,
           (SELECT max(p.id) FROM webhook_deliveries p
             WHERE p.endpoint_id = targets.id AND p.subject = about.subject AND p.status <> 'CANCELLED')
      FROM event, targets, about
  )
  INSERT INTO change_log (topic) SELECT 'webhooks' FROM event
$$;

CREATE OR REPLACE FUNCTION "slotwise_availability_webhook_event"(p_operator INTEGER, p_product INTEGER, p_data JSONB)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  about TEXT := 'timeslot:' || (p_data ->> 'timeslot_id');
  new_event INTEGER;
  target INTEGER;
  due TIMESTAMPTZ;
  before_id INTEGER;
  before_from TIMESTAMPTZ;
BEGIN
  FOR target IN
    SELECT id FROM webhook_endpoints
     WHERE operator_id = p_operator AND deleted_at IS NULL AND disabled_at IS NULL
       AND 'availability.changed' = ANY(events)
       AND slotwise_partner_may_sell(partner_id, p_product)
     ORDER BY id
  LOOP
    IF new_event IS NULL THEN
      INSERT INTO webhook_events (public_id, operator_id, type, data)
      VALUES ('evt_' || replace(gen_random_uuid()::text, '-', ''), p_operator, 'availability.changed', p_data)
      RETURNING id INTO new_event;
    END IF;
    WITH superseded AS (
      UPDATE webhook_deliveries SET status = 'CANCELLED', last_error = 'superseded by a later change of the timeslot'
       WHERE endpoint_id = target AND subject = about AND status = 'PENDING' AND attempts = 0
      RETURNING retry_from
    )
    SELECT max(retry_from) INTO due FROM superseded;
    -- A statement of its own: it sees the first attempt of a delivery claimed meanwhile.
    SELECT id, retry_from INTO before_id, before_from FROM webhook_deliveries
     WHERE endpoint_id = target AND subject = about AND status <> 'CANCELLED'
     ORDER BY id DESC LIMIT 1;
    IF due IS NULL THEN
      due := before_from + interval '1 second';
    END IF;
    due := greatest(coalesce(due, now()), now());
    INSERT INTO webhook_deliveries (event_id, endpoint_id, subject, after_id, retry_from, next_attempt_at)
    VALUES (new_event, target, about, before_id, due, due);
  END LOOP;
  IF new_event IS NOT NULL THEN
    INSERT INTO change_log (topic) VALUES ('webhooks');
  END IF;
END
$$;
