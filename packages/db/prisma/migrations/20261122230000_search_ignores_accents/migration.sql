-- Front desks type names without accents: "joao" must find "João". The search column now
-- also holds its fields with the accents removed (only when that changes them), so a word
-- typed either way matches, and the words searched for are never rewritten.
CREATE EXTENSION IF NOT EXISTS unaccent;

CREATE OR REPLACE FUNCTION "slotwise_booking_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fields text := concat_ws(' ', NEW.reference, NEW.customer_first_name, NEW.customer_last_name, NEW.customer_email, NEW.payment_reference);
BEGIN
  NEW.search_text := concat_ws(' ', fields, NULLIF(unaccent(fields), fields));
  RETURN NEW;
END
$$;

-- Recomputes (through the trigger) the bookings that have accents to remove.
UPDATE "bookings" SET "search_text" = '' WHERE "search_text" <> unaccent("search_text");
