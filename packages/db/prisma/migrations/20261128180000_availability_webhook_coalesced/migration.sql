-- availability.changed, coalesced per endpoint and timeslot: a change not yet sent is replaced
-- by the newer one (cancelled, the newer goes out when it would have), and one sent is followed
-- at the earliest a second after its first attempt. So a timeslot's endpoint hears of it at most
-- once a second, always of its latest state and that state's Sequence (contract section 21).
CREATE OR REPLACE FUNCTION "slotwise_availability_webhook_event"(p_operator INTEGER, p_product INTEGER, p_data JSONB)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  about TEXT := 'timeslot:' || (p_data ->> 'timeslot_id');
  new_event INTEGER;
  target INTEGER;
  due TIMESTAMPTZ;
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
    IF due IS NULL THEN
      -- A statement of its own: it sees the first attempt of a delivery claimed meanwhile.
      SELECT retry_from + interval '1 second' INTO due FROM webhook_deliveries
       WHERE endpoint_id = target AND subject = about AND status <> 'CANCELLED'
       ORDER BY id DESC LIMIT 1;
    END IF;
    due := greatest(coalesce(due, now()), now());
    INSERT INTO webhook_deliveries (event_id, endpoint_id, subject, retry_from, next_attempt_at)
    VALUES (new_event, target, about, due, due);
  END LOOP;
  IF new_event IS NOT NULL THEN
    INSERT INTO change_log (topic) VALUES ('webhooks');
  END IF;
END
$$;
