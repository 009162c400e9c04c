-- Orders, tickets and check-in (contract section 20). ALTER TYPE … ADD VALUE may run in a
-- transaction as long as nothing in it uses the new values.
ALTER TYPE "order_channel" ADD VALUE 'PARTNER';
ALTER TYPE "api_scope" ADD VALUE 'checkin';

-- A partner's order: several holds confirmed or cancelled together. `public_id` is the
-- OrderID partners see; a shopfront or desk order has none.
ALTER TABLE "orders"
  ADD COLUMN "public_id" VARCHAR(40),
  ADD COLUMN "partner_id" INTEGER,
  ADD COLUMN "expires_at" TIMESTAMPTZ(3);
CREATE UNIQUE INDEX "orders_public_id_key" ON "orders"("public_id");
CREATE INDEX "orders_partner_id_idx" ON "orders"("partner_id");
ALTER TABLE "orders" ADD CONSTRAINT "orders_partner_id_fkey"
  FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- When the operator marked a booking's guests as not come (its timeslot over, nobody checked in).
ALTER TABLE "bookings" ADD COLUMN "no_show_at" TIMESTAMPTZ(3);

-- One ticket per person of a confirmed booking. `code` is the secret shown as a QR code:
-- 32 hex digits of gen_random_uuid(), which draws from the server's strong random source.
CREATE TABLE "tickets" (
  "id" SERIAL NOT NULL,
  "booking_id" INTEGER NOT NULL,
  "operator_id" INTEGER NOT NULL,
  "unit_id" VARCHAR(32) NOT NULL,
  "position" INTEGER NOT NULL,
  "code" VARCHAR(64) NOT NULL,
  "checked_in_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "tickets_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "tickets_code_key" ON "tickets"("code");
CREATE UNIQUE INDEX "tickets_booking_id_unit_id_position_key" ON "tickets"("booking_id", "unit_id", "position");
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_booking_id_fkey"
  FOREIGN KEY ("booking_id") REFERENCES "bookings"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_operator_id_fkey"
  FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every path that confirms a booking (a partner's sale, a confirmed hold or order, the desk, a
-- paid checkout) or changes a confirmed booking's units goes through this trigger, so a
-- confirmed booking always has exactly one ticket per person: missing ones are issued, those
-- beyond a unit's quantity are withdrawn unless already scanned.
CREATE FUNCTION "slotwise_booking_tickets"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tickets (booking_id, operator_id, unit_id, position, code)
  SELECT NEW.id, NEW.operator_id, u."UnitID", p.position, replace(gen_random_uuid()::text, '-', '')
    FROM jsonb_to_recordset(NEW.units) AS u("UnitID" TEXT, "Quantity" INTEGER),
         generate_series(1, u."Quantity") AS p(position)
  ON CONFLICT ("booking_id", "unit_id", "position") DO NOTHING;
  DELETE FROM tickets t
   WHERE t.booking_id = NEW.id AND t.checked_in_at IS NULL
     AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset(NEW.units) AS u("UnitID" TEXT, "Quantity" INTEGER)
                      WHERE u."UnitID" = t.unit_id AND t.position <= u."Quantity");
  RETURN NULL;
END
$$;

CREATE TRIGGER "bookings_tickets_insert" AFTER INSERT ON "bookings"
  FOR EACH ROW WHEN (NEW.status = 'CONFIRMED')
  EXECUTE FUNCTION "slotwise_booking_tickets"();
CREATE TRIGGER "bookings_tickets_update" AFTER UPDATE ON "bookings"
  FOR EACH ROW WHEN (NEW.status = 'CONFIRMED' AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.units IS DISTINCT FROM NEW.units))
  EXECUTE FUNCTION "slotwise_booking_tickets"();

-- Confirmed bookings made before tickets existed get theirs now.
INSERT INTO tickets (booking_id, operator_id, unit_id, position, code)
SELECT b.id, b.operator_id, u."UnitID", p.position, replace(gen_random_uuid()::text, '-', '')
  FROM bookings b,
       jsonb_to_recordset(b.units) AS u("UnitID" TEXT, "Quantity" INTEGER),
       generate_series(1, u."Quantity") AS p(position)
 WHERE b.status = 'CONFIRMED';
