-- Holds (contract section 10): a booking may take its places before it is confirmed, and a
-- hold not confirmed by its deadline expires. ALTER TYPE … ADD VALUE may run in a transaction
-- as long as nothing in it uses the new values, which is why the checks below compare with
-- 'CONFIRMED' only.
ALTER TYPE "booking_status" ADD VALUE 'ON_HOLD';
ALTER TYPE "booking_status" ADD VALUE 'EXPIRED';

-- A hold's deadline, kept after the hold ends as its history.
ALTER TABLE "bookings" ADD COLUMN "expires_at" TIMESTAMPTZ(3);

-- The worker's sweep reads the holds whose deadline has passed, oldest first, from this index
-- instead of scanning the bookings.
CREATE INDEX "bookings_status_expires_at_idx" ON "bookings"("status", "expires_at");

-- A hold may be made before its customer is known; a confirmed booking always has one, and a
-- customer is all four fields or none.
ALTER TABLE "bookings"
  ALTER COLUMN "customer_first_name" DROP NOT NULL,
  ALTER COLUMN "customer_last_name" DROP NOT NULL,
  ALTER COLUMN "customer_email" DROP NOT NULL,
  ALTER COLUMN "customer_phone" DROP NOT NULL,
  ADD CONSTRAINT "bookings_customer_whole" CHECK (
    num_nulls("customer_first_name", "customer_last_name", "customer_email", "customer_phone") IN (0, 4)),
  ADD CONSTRAINT "bookings_confirmed_has_customer" CHECK ("status" <> 'CONFIRMED' OR "customer_email" IS NOT NULL);
