-- A hold is not yet a booking to its partner (no event announces it): a change made while it
-- is held sends nothing, and its confirmation's booking.confirmed carries the changed booking.
CREATE OR REPLACE FUNCTION "slotwise_booking_webhook"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  ELSIF NEW.status <> 'ON_HOLD' THEN
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
