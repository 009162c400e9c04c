-- The availability change feed (contract section 18): every change of a timeslot's free
-- places, capacity or closed state, numbered per operator in commit order.
--
-- A trigger writes the feed, so every write path (bookings, holds and their expiry, booking
-- changes, cancellations, console edits, schedules, a hand-written UPDATE) is covered, and a
-- change that rolls back leaves nothing. The number comes from the operator's head row,
-- taken with a row lock that the transaction holds until it has committed: the next writer of
-- that operator gets its number only after that commit, so numbers are handed out in commit
-- order and a reader that sees number n also sees every number before it. A plain sequence
-- would not do: its values are handed out at insert time and commit in any order.
--
-- The trigger is deferred to the commit, so the head row is locked only while the
-- transaction commits, not while it does its other work.
CREATE TABLE "availability_feed_heads" (
    "operator_id" INTEGER NOT NULL,
    "last_sequence" BIGINT NOT NULL DEFAULT 0,
    -- Changes up to this number have been deleted: a cursor before it cannot be served.
    "purged_through" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "availability_feed_heads_pkey" PRIMARY KEY ("operator_id")
);

-- The state of the timeslot after the change; a deleted timeslot reads as closed, no places.
CREATE TABLE "availability_changes" (
    "operator_id" INTEGER NOT NULL,
    "sequence" BIGINT NOT NULL,
    "timeslot_id" INTEGER NOT NULL,
    "product_id" INTEGER NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "capacity" INTEGER NOT NULL,
    "places_taken" INTEGER NOT NULL,
    "closed" BOOLEAN NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT clock_timestamp(),

    CONSTRAINT "availability_changes_pkey" PRIMARY KEY ("operator_id", "sequence")
);

CREATE INDEX "availability_changes_recorded_at_idx" ON "availability_changes"("recorded_at");

-- What a partner may sell: the one place the feed (and whatever else filters by partner)
-- asks. Today every active activity of the operator.
CREATE FUNCTION "slotwise_partner_may_sell"(p_partner INTEGER, p_product INTEGER)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM products WHERE id = p_product AND active)
$$;

CREATE FUNCTION "slotwise_record_availability_change"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    PERFORM slotwise_webhook_event(product.operator_id, NULL, 'availability.changed',
      jsonb_build_object('timeslot_id', slot.id, 'starts_at', slot.starts_at, 'capacity', slot.capacity,
                         'places_taken', slot.places_taken, 'closed', slot.closed, 'sequence', seq,
                         'activity_id', product.activity_id, 'time_zone', product.time_zone));
  END IF;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER "timeslots_feed_insert" AFTER INSERT ON "timeslots"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION "slotwise_record_availability_change"();
CREATE CONSTRAINT TRIGGER "timeslots_feed_update" AFTER UPDATE ON "timeslots"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.places_taken IS DISTINCT FROM NEW.places_taken
    OR OLD.capacity IS DISTINCT FROM NEW.capacity OR OLD.closed IS DISTINCT FROM NEW.closed)
  EXECUTE FUNCTION "slotwise_record_availability_change"();
CREATE CONSTRAINT TRIGGER "timeslots_feed_delete" AFTER DELETE ON "timeslots"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION "slotwise_record_availability_change"();

-- The availability.changed events are now written by the feed's trigger, with their number.
DROP TRIGGER "timeslots_webhook_update" ON "timeslots";
DROP FUNCTION "slotwise_timeslot_webhook"();
