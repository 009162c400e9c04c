-- Every committed change to what API processes cache (products, their timeslots and waiver
-- questions, API keys) is announced on the channel `slotwise_changes` as `<topic>:<value>`;
-- each API process LISTENs and drops what it cached. Triggers, so that no write path (the
-- API, the seed, a hand-written UPDATE) can forget to announce. PostgreSQL delivers the
-- notifications when the transaction commits.
--
-- The trigger's arguments name the topic and the column whose value completes it.
CREATE FUNCTION "slotwise_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
BEGIN
  PERFORM pg_notify('slotwise_changes', TG_ARGV[0] || ':' || (changed ->> TG_ARGV[1]));
  RETURN NULL;
END
$$;

CREATE TRIGGER "products_notify_product" AFTER INSERT OR UPDATE OR DELETE ON "products"
  FOR EACH ROW EXECUTE FUNCTION "slotwise_notify_change"('product', 'id');
CREATE TRIGGER "products_notify_operator" AFTER INSERT OR UPDATE OR DELETE ON "products"
  FOR EACH ROW EXECUTE FUNCTION "slotwise_notify_change"('products', 'operator_id');
CREATE TRIGGER "timeslots_notify_product" AFTER INSERT OR UPDATE OR DELETE ON "timeslots"
  FOR EACH ROW EXECUTE FUNCTION "slotwise_notify_change"('product', 'product_id');
CREATE TRIGGER "waiver_questions_notify_product" AFTER INSERT OR UPDATE OR DELETE ON "waiver_questions"
  FOR EACH ROW EXECUTE FUNCTION "slotwise_notify_change"('product', 'product_id');
CREATE TRIGGER "api_keys_notify_key" AFTER UPDATE OR DELETE ON "api_keys"
  FOR EACH ROW EXECUTE FUNCTION "slotwise_notify_change"('api-key', 'hash');
