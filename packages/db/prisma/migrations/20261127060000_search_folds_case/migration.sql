-- The search was case-insensitive for ASCII letters only: ILIKE folds case by the database's
-- collation, and under the C locale (the embedded server's, and many others') "JOÃO", "ИВАНОВ"
-- or "Ｔａｒｏ" were not found by "joão", "иванов" or "ｔａｒｏ" (attack). A name sent with its
-- accents as separate marks ("Joa" + U+0303, as some keyboards send it) was not found by
-- "João" typed in one piece either. The search column is now kept in Unicode's composed form
-- (NFC) and lower case by ICU's root rules, whatever the database's locale; the console lower-
-- cases the words searched for by the same rules (list-bookings.ts). Composed again after
-- lower-casing (a capital with a mark that has no composed capital, such as J + U+030C, has a
-- composed small letter), and final sigma taken as sigma, since JavaScript lower-cases a word's
-- last Σ to ς where the stored name goes on with σ.
SET LOCAL lock_timeout = '5s';

CREATE FUNCTION "slotwise_search_folded"(text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT replace(normalize(lower(normalize($1, NFC) COLLATE "und-x-icu"), NFC), 'ς', 'σ')
$$;

CREATE OR REPLACE FUNCTION "slotwise_booking_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fields text := slotwise_search_folded(concat_ws(' ', NEW.reference, NEW.customer_first_name, NEW.customer_last_name,
                                                  NEW.customer_email, NEW.payment_reference));
BEGIN
  NEW.search_text := concat_ws(' ', fields, NULLIF(unaccent(fields), fields));
  RETURN NEW;
END
$$;

-- Recomputes (through the trigger) every booking whose search text changes.
UPDATE "bookings" SET "search_text" = '' WHERE "search_text" <> slotwise_search_folded("search_text");
