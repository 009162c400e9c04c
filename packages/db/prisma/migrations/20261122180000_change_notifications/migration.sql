-- Every committed change to what API processes cache (products, their timeslots and waiver
-- questions, API keys) is
-- announced on the channel `slotwise_changes`; each API process LISTENs and drops what it
-- cached. Triggers, so that no write path (the API, the seed, a hand-written UPDATE) can
-- forget to announce. PostgreSQL delivers the notifications when the transaction commits.

CREATE FUNCTION "slotwise_notify_product_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('slotwise_changes', 'product:' || OLD.id);
    PERFORM pg_notify('slotwise_changes', 'products:' || OLD.operator_id);
  ELSE
    PERFORM pg_notify('slotwise_changes', 'product:' || NEW.id);
    PERFORM pg_notify('slotwise_changes', 'products:' || NEW.operator_id);
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION "slotwise_notify_timeslot_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('slotwise_changes', 'product:' || OLD.product_id);
  ELSE
    PERFORM pg_notify('slotwise_changes', 'product:' || NEW.product_id);
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION "slotwise_notify_question_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('slotwise_changes', 'product:' || OLD.product_id);
  ELSE
    PERFORM pg_notify('slotwise_changes', 'product:' || NEW.product_id);
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION "slotwise_notify_api_key_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('slotwise_changes', 'api-key:' || OLD.hash);
  RETURN NULL;
END
$$;

CREATE TRIGGER "products_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "products"
  FOR EACH ROW EXECUTE FUNCTION "slotwise_notify_product_change"();
CREATE TRIGGER "timeslots_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "timeslots"
  FOR EACH ROW EXECUTE FUNCTION "slotwise_notify_timeslot_change"();
CREATE TRIGGER "waiver_questions_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "waiver_questions"
  FOR EACH ROW EXECUTE FUNCTION "slotwise_notify_question_change"();
CREATE TRIGGER "api_keys_notify_change" AFTER UPDATE OR DELETE ON "api_keys"
  FOR EACH ROW EXECUTE FUNCTION "slotwise_notify_api_key_change"();
