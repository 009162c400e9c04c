-- The console searches bookings by substring of reference, customer and payment reference.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "bookings_reference_trgm_idx" ON "bookings" USING GIN ("reference" gin_trgm_ops);
CREATE INDEX "bookings_customer_first_name_trgm_idx" ON "bookings" USING GIN ("customer_first_name" gin_trgm_ops);
CREATE INDEX "bookings_customer_last_name_trgm_idx" ON "bookings" USING GIN ("customer_last_name" gin_trgm_ops);
CREATE INDEX "bookings_customer_email_trgm_idx" ON "bookings" USING GIN ("customer_email" gin_trgm_ops);
CREATE INDEX "bookings_payment_reference_trgm_idx" ON "bookings" USING GIN ("payment_reference" gin_trgm_ops);
