import { holdBudgetRefusal, type HoldBudget } from "@slotwise/core";

import type { Tx } from "../tx.ts";
import { heldPlacesInTx } from "./held-places.ts";

/** Whose holds a new hold is counted with, and the bounds it must stay within. */
export interface HoldHolder {
  partnerId: number;
  apiKeyId: number | null;
  budget: HoldBudget;
}

/**
 * The one hold budget (docs/decisions/hold-budget.md) for every way a partner holds places.
 * Counted in the caller's transaction, before its sale: the lock per partner it takes lasts
 * until that transaction ends, so holds sent at once are counted one after another. Throws
 * 409 hold-limit-reached when `places` more would pass the key's or the partner's bound.
 */
export async function checkHoldBudgetInTx(tx: Tx, holder: HoldHolder, places: number, now: Date): Promise<void> {
  if (places <= 0) return;
  const held = await heldPlacesInTx(tx, { partnerId: holder.partnerId, apiKeyId: holder.apiKeyId, now });
  const over = holdBudgetRefusal(held, places, holder.budget);
  if (over) throw over;
}
