-- Event identity (contract section 13): a client may name each usage entry with an EventID of
-- its own, and an operator records each EventID once. The unique index is the rule, so two
-- processes sending the same event at once cannot both record it; entries without one
-- (NULL) never conflict.
ALTER TABLE "usage_entries" ADD COLUMN "event_id" VARCHAR(100);
CREATE UNIQUE INDEX "usage_entries_operator_id_event_id_key" ON "usage_entries"("operator_id", "event_id");
