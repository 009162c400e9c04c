-- OCTO (contract section 19): the reseller names a booking by its own UUID and may send its
-- own reference and notes. The UUID is unique per partner, so a repeated reservation with the
-- same UUID finds the booking it made, however many API processes receive it at once.
-- `octo_extra` keeps what OCTO sends that the booking has no column for: the contact as the
-- reseller wrote it (full name, notes, locales, country) and the reason given for a cancel.
ALTER TABLE "bookings"
  ADD COLUMN "octo_uuid" VARCHAR(64),
  ADD COLUMN "reseller_reference" VARCHAR(100),
  ADD COLUMN "notes" VARCHAR(1000),
  ADD COLUMN "octo_extra" JSONB;

CREATE UNIQUE INDEX "bookings_partner_id_octo_uuid_key" ON "bookings" ("partner_id", "octo_uuid");
CREATE INDEX "bookings_partner_id_reseller_reference_idx" ON "bookings" ("partner_id", "reseller_reference");
