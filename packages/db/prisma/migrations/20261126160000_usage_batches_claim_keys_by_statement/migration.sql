-- A batch of usage claims its EventIDs in the statement that inserts it, as one set (an
-- INSERT … ON CONFLICT DO NOTHING into usage_event_ids), instead of through the entries' row
-- trigger, which runs a PL/pgSQL function and a one-row INSERT per entry: batches of 1,000 over
-- plain pg, 8 connections, two cores, PostgreSQL 15: 15,000 to 17,500 entries/s through the
-- trigger, 25,500 to 28,000 claimed as a set (docs/decisions.md, "Usage partitions and retention").
--
-- Such a statement says so with `slotwise.usage_keys_claimed = on` (set_config, local to its
-- transaction), and the row trigger stands aside for it. Every other write (the single entry,
-- the built-in meters, a hand-written INSERT, an API process of the release before during a
-- rolling deploy) still goes through the row trigger unchanged.
DROP TRIGGER "usage_entries_claim_keys" ON "usage_entries";
CREATE TRIGGER "usage_entries_claim_keys" BEFORE INSERT ON "usage_entries"
  FOR EACH ROW
  WHEN ((NEW.event_id IS NOT NULL OR NEW.dedupe_key IS NOT NULL)
        AND current_setting('slotwise.usage_keys_claimed', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION claim_usage_entry_keys();

-- The setting lasts to the end of its transaction: a later INSERT in that transaction that did
-- not claim its keys would record an EventID twice. So whenever the setting is on, every entry
-- a statement inserted must hold its claims (the claim names the entry), or the statement fails.
-- The check is planned on each call (EXECUTE): a plan kept from a connection's first batch, when
-- usage_event_ids was small, scanned that whole table on every later one (entries/s fell by
-- half within a minute until an ANALYZE made the connection plan again).
CREATE FUNCTION "usage_entries_hold_their_keys"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
  unclaimed BIGINT;
BEGIN
  EXECUTE $check$
    SELECT e.id
      FROM inserted e
     WHERE (e.event_id IS NOT NULL AND NOT EXISTS (
              SELECT 1 FROM usage_event_ids k
               WHERE k.operator_id = e.operator_id AND k.event_id = e.event_id AND k.entry_id = e.id))
        OR (e.dedupe_key IS NOT NULL AND NOT EXISTS (
              SELECT 1 FROM usage_dedupe_keys k
               WHERE k.operator_id = e.operator_id AND k.dedupe_key = e.dedupe_key AND k.entry_id = e.id))
     LIMIT 1 $check$ INTO unclaimed;
  IF unclaimed IS NOT NULL THEN
    RAISE EXCEPTION 'usage entry % was inserted with slotwise.usage_keys_claimed on but does not hold its EventID or dedupe key', unclaimed
      USING ERRCODE = 'integrity_constraint_violation',
            HINT = 'claim the keys in usage_event_ids / usage_dedupe_keys in the same statement, or leave the setting off';
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "usage_entries_hold_keys" AFTER INSERT ON "usage_entries"
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT
  WHEN (current_setting('slotwise.usage_keys_claimed', true) = 'on')
  EXECUTE FUNCTION usage_entries_hold_their_keys();
