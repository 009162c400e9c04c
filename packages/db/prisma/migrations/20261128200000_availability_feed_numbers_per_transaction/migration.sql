-- The change feed numbers a transaction's changes in time proportional to their count.
--
-- Adding one to a column of the operator's head row for each change would leave a row version
-- per change that the next change of the same transaction walks past, so a transaction changing
-- many timeslots (a schedule, the demo seed) would pay for each change as many steps as changes
-- before it. So the row is only locked, and written by no change:
--
-- * The first change of a transaction for an operator locks the operator's head row
--   (SELECT ... FOR UPDATE, taken when the deferred trigger runs, so while committing, and held
--   until the commit) and reads the operator's newest number under that lock: the
--   highest number in `availability_changes`, from the end of its primary key, or
--   `purged_through` when every change has been deleted. The lock is taken after the previous
--   writer of the operator has committed and the read is a new statement, so it sees that
--   writer's numbers: numbers stay per operator, gap-free and in commit order.
-- * The transaction's following changes count on from a transaction-local setting
--   (`slotwise.feed_numbers`, operator -> last number given). A rollback discards the setting
--   together with the changes it numbered, so the next transaction numbers from the same place.
--
-- `last_sequence` would only repeat what the changes and `purged_through` already say, so it goes:
-- the feed's head is `slotwise_availability_feed_last`.
ALTER TABLE "availability_feed_heads" DROP COLUMN "last_sequence";

-- The operator's newest number: the highest change kept, else the highest one deleted.
CREATE FUNCTION "slotwise_availability_feed_last"(p_operator INTEGER) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT greatest(
    coalesce((SELECT purged_through FROM availability_feed_heads WHERE operator_id = p_operator), 0),
    coalesce((SELECT max(sequence) FROM availability_changes WHERE operator_id = p_operator), 0))
$$;

-- Locks the operator's head row until the transaction ends and returns the newest number.
CREATE FUNCTION "slotwise_lock_availability_feed"(p_operator INTEGER) RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM availability_feed_heads WHERE operator_id = p_operator FOR UPDATE;
  IF NOT FOUND THEN
    -- A concurrent first writer's row makes this insert wait for its commit, then do nothing.
    INSERT INTO availability_feed_heads (operator_id) VALUES (p_operator) ON CONFLICT (operator_id) DO NOTHING;
    PERFORM 1 FROM availability_feed_heads WHERE operator_id = p_operator FOR UPDATE;
  END IF;
  RETURN slotwise_availability_feed_last(p_operator);
END
$$;

CREATE OR REPLACE FUNCTION "slotwise_record_availability_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  slot timeslots%ROWTYPE := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  product RECORD;
  given JSONB := coalesce(nullif(current_setting('slotwise.feed_numbers', true), ''), '{}')::jsonb;
  seq BIGINT;
BEGIN
  SELECT operator_id, activity_id, time_zone INTO product FROM products WHERE id = slot.product_id;
  IF NOT FOUND THEN
    -- The product itself is being deleted: its activity no longer exists for any partner.
    RETURN NULL;
  END IF;
  seq := (given ->> product.operator_id::text)::bigint;
  IF seq IS NULL THEN
    seq := slotwise_lock_availability_feed(product.operator_id);
  END IF;
  seq := seq + 1;
  PERFORM set_config('slotwise.feed_numbers', jsonb_set(given, ARRAY[product.operator_id::text], to_jsonb(seq))::text, true);
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
