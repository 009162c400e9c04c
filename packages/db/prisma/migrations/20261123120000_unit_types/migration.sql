-- Unit types (contract section 15): each product sells its places as adults, children,
-- seniors… at a price each. A booking keeps what it bought, unit by unit at the prices of
-- the moment, and its total, so a later price change does not alter what was sold.
CREATE TABLE "product_units" (
    "id" SERIAL NOT NULL,
    "product_id" INTEGER NOT NULL,
    "unit_id" VARCHAR(32) NOT NULL,
    "label" VARCHAR(100) NOT NULL,
    "min_age" INTEGER,
    "max_age" INTEGER,
    "price_amount" INTEGER NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "retired_at" TIMESTAMPTZ(3),
    CONSTRAINT "product_units_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "product_units_price_amount_check" CHECK ("price_amount" >= 0),
    CONSTRAINT "product_units_ages_check" CHECK ("min_age" IS NULL OR "max_age" IS NULL OR "min_age" <= "max_age")
);
CREATE UNIQUE INDEX "product_units_product_id_unit_id_key" ON "product_units"("product_id", "unit_id");
ALTER TABLE "product_units" ADD CONSTRAINT "product_units_product_id_fkey"
  FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every product has at least the unit `adult`: today's products sell adults at their price,
-- and a new product starts with one at the price it is created with, whoever inserts it.
INSERT INTO "product_units" ("product_id", "unit_id", "label", "min_age", "price_amount")
SELECT "id", 'adult', 'Adult', 18, "price_amount" FROM "products";

CREATE FUNCTION "slotwise_product_adult_unit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_units" ("product_id", "unit_id", "label", "min_age", "price_amount")
  VALUES (NEW.id, 'adult', 'Adult', 18, NEW.price_amount);
  RETURN NULL;
END
$$;
CREATE TRIGGER "products_adult_unit" AFTER INSERT ON "products"
  FOR EACH ROW EXECUTE FUNCTION "slotwise_product_adult_unit"();

-- A product's Price is its lowest unit price: a trigger keeps it so, and its UPDATE of the
-- product row (made even when the price stays) announces the change to the API processes'
-- caches through the products' own triggers, whichever write path changed the units.
CREATE FUNCTION "slotwise_product_lowest_price"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_product integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.product_id ELSE NEW.product_id END;
BEGIN
  UPDATE "products" SET
    "price_amount" = COALESCE(
      (SELECT min("price_amount") FROM "product_units" WHERE "product_id" = changed_product AND "retired_at" IS NULL),
      "price_amount")
  WHERE "id" = changed_product;
  RETURN NULL;
END
$$;
CREATE TRIGGER "product_units_lowest_price" AFTER INSERT OR UPDATE OR DELETE ON "product_units"
  FOR EACH ROW EXECUTE FUNCTION "slotwise_product_lowest_price"();

-- What each booking bought: `[{"UnitID","Label","Quantity","Price"}]` with prices in minor
-- units, and the total in the product's currency. A total past an integer is refused when
-- the booking is priced (it would not fit its order either).
ALTER TABLE "bookings"
  ADD COLUMN "units" JSONB NOT NULL DEFAULT '[]',
  ADD COLUMN "total_amount" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "currency" CHAR(3) NOT NULL DEFAULT 'EUR';
-- Bookings made before units were priced: a paid order says what was charged (its total,
-- the unit price times the places); a partner booking recorded no price, so the product's
-- price of today stands in for it. A total past an integer stops the migration rather than
-- being stored wrong.
UPDATE "bookings" AS b SET
  "units" = jsonb_build_array(jsonb_build_object('UnitID', 'adult', 'Label', 'Adult', 'Quantity', b."participants",
            'Price', COALESCE(o."total_amount" / b."participants", p."price_amount"))),
  "total_amount" = COALESCE(o."total_amount", (b."participants"::bigint * p."price_amount")::integer),
  "currency" = COALESCE(o."currency", p."currency")
FROM "products" AS p, "bookings" AS own LEFT JOIN "orders" AS o ON o."id" = own."order_id"
WHERE p."id" = b."product_id" AND own."id" = b."id";
ALTER TABLE "bookings" ALTER COLUMN "units" DROP DEFAULT, ALTER COLUMN "total_amount" DROP DEFAULT, ALTER COLUMN "currency" DROP DEFAULT;

-- The console sorts by total; partners page through their own bookings by activity date.
CREATE INDEX "bookings_operator_id_total_amount_id_idx" ON "bookings"("operator_id", "total_amount", "id");
DROP INDEX "bookings_partner_id_idx";
CREATE INDEX "bookings_partner_id_starts_at_id_idx" ON "bookings"("partner_id", "starts_at", "id");
