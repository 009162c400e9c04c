-- The change feed shows a partner only the activities it may sell: the same rule as
-- `partnerMaySell` in packages/db/src/catalog/operator-activities.ts (active, and every partner
-- or one of `partner_slugs`), which answers every other partner read.
CREATE OR REPLACE FUNCTION "slotwise_partner_may_sell"(p_partner INTEGER, p_product INTEGER)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1
      FROM products pr
      JOIN partners pa ON pa.id = p_partner AND pa.operator_id = pr.operator_id
     WHERE pr.id = p_product
       AND pr.active
       AND (pr.all_partners OR pa.slug = ANY (COALESCE(pr.partner_slugs, '{}')))
  )
$$;
