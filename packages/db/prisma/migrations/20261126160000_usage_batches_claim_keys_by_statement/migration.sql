-- A batch of usage claims its EventIDs in the statement that inserts it, as one set (an
-- INSERT … ON CONFLICT DO NOTHING into usage_event_ids), instead of through the entries' row
-- trigger, which runs a PL/pgSQL function and a one-row INSERT per entry: batches of 1,000 over
-- plain pg, 8 connections, two cores, PostgreSQL 15: 15,000 to 17,500 entries/s through the
-- trigger, 25,500 to 28,000 claimed as a set (docs/decisions.md, "Usage partitions and retention").
--
-- Such a statement says so with `slotwise.usage_keys_claimed = on` (set_config, local to its
-- transaction), and the row trigger stands aside for it. Every other write (the single entry,
-- the built-in meters, a hand-written INSERT, an API process of the release before during a
-- rolling deploy) still goes through the row trigger unchanged. CREATE OR REPLACE keeps the
-- trigger in place throughout and takes a lock that lets reads go on.
CREATE OR REPLACE TRIGGER "usage_entries_claim_keys" BEFORE INSERT ON "usage_entries"
  FOR EACH ROW
  WHEN ((NEW.event_id IS NOT NULL OR NEW.dedupe_key IS NOT NULL)
        AND current_setting('slotwise.usage_keys_claimed', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION claim_usage_entry_keys();

-- The setting is for the statement that set it: inside a longer transaction, a later INSERT
-- would otherwise skip its claims too. So it is cleared when the inserting statement ends. A
-- statement-level trigger without a transition table costs other inserts nothing.
CREATE FUNCTION "usage_entries_end_keys_claimed"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('slotwise.usage_keys_claimed', '', true);
  RETURN NULL;
END $$;

CREATE TRIGGER "usage_entries_end_keys_claimed" AFTER INSERT ON "usage_entries"
  FOR EACH STATEMENT
  WHEN (current_setting('slotwise.usage_keys_claimed', true) = 'on')
  EXECUTE FUNCTION usage_entries_end_keys_claimed();
