import type { HeldPlaces } from "@slotwise/core";

import type { Tx } from "../tx.ts";

/**
 * Places in the live holds of an API key and of its partner, counted under a lock per partner
 * that lasts until the transaction ends: two holds of one partner at once are counted one after
 * the other, so together they cannot pass the budget that each alone fits. A live hold ends no
 * later than its timeslot starts, so only timeslots still to come are read.
 */
export async function heldPlacesInTx(
  tx: Tx,
  holder: { partnerId: number; apiKeyId: number | null; now: Date },
): Promise<HeldPlaces> {
  const { partnerId, apiKeyId, now } = holder;
  await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext('hold-budget'), ${partnerId}::int)::text`;
  const [row] = await tx.$queryRaw<{ byKey: number; byPartner: number }[]>`
    SELECT COALESCE(SUM(participants) FILTER (WHERE api_key_id = ${apiKeyId}::int), 0)::int AS "byKey",
           COALESCE(SUM(participants), 0)::int AS "byPartner"
      FROM bookings
     WHERE partner_id = ${partnerId} AND starts_at > ${now}
       AND status = 'ON_HOLD' AND expires_at > ${now}`;
  return row ?? { byKey: 0, byPartner: 0 };
}
