-- availability.changed goes only to the endpoints of partners that may sell the activity
-- (slotwise_partner_may_sell): the same rule as the change feed and every other partner read,
-- so a partner hears nothing of an activity that does not exist for it.
CREATE FUNCTION "slotwise_availability_webhook_event"(p_operator INTEGER, p_product INTEGER, p_data JSONB)
RETURNS void LANGUAGE sql AS $$
  WITH targets AS (
    SELECT id FROM webhook_endpoints
     WHERE operator_id = p_operator AND deleted_at IS NULL AND 'availability.changed' = ANY(events)
       AND slotwise_partner_may_sell(partner_id, p_product)
  ), event AS (
    INSERT INTO webhook_events (public_id, operator_id, type, data)
    SELECT 'evt_' || replace(gen_random_uuid()::text, '-', ''), p_operator, 'availability.changed', p_data
     WHERE EXISTS (SELECT 1 FROM targets)
    RETURNING id
  )
  INSERT INTO webhook_deliveries (event_id, endpoint_id) SELECT event.id, targets.id FROM event, targets
$$;

CREATE OR REPLACE FUNCTION "slotwise_record_availability_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  slot timeslots%ROWTYPE := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  product RECORD;
  seq BIGINT;
BEGIN
  SELECT operator_id, activity_id, time_zone INTO product FROM products WHERE id = slot.product_id;
  IF NOT FOUND THEN
    -- The product itself is being deleted: its activity no longer exists for any partner.
    RETURN NULL;
  END IF;
  INSERT INTO availability_feed_heads AS h (operator_id, last_sequence) VALUES (product.operator_id, 1)
  ON CONFLICT (operator_id) DO UPDATE SET last_sequence = h.last_sequence + 1
  RETURNING h.last_sequence INTO seq;
  INSERT INTO availability_changes (operator_id, sequence, timeslot_id, product_id, starts_at, capacity, places_taken, closed)
  VALUES (product.operator_id, seq, slot.id, slot.product_id, slot.starts_at, slot.capacity,
          CASE WHEN TG_OP = 'DELETE' THEN slot.capacity ELSE slot.places_taken END,
          TG_OP = 'DELETE' OR slot.closed);
  -- availability.changed carries the change's number, so it is written here too.
  IF TG_OP = 'UPDATE'
     AND EXISTS (SELECT 1 FROM webhook_endpoints WHERE operator_id = product.operator_id AND deleted_at IS NULL) THEN
    PERFORM slotwise_availability_webhook_event(product.operator_id, slot.product_id,
      jsonb_build_object('timeslot_id', slot.id, 'starts_at', slot.starts_at, 'capacity', slot.capacity,
                         'places_taken', slot.places_taken, 'closed', slot.closed, 'sequence', seq,
                         'activity_id', product.activity_id, 'time_zone', product.time_zone));
  END IF;
  RETURN NULL;
END
$$;
