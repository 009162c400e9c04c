import { DEFAULT_HOLD_BUDGET, holdBudgetRefusal } from "@slotwise/core";
import { heldPlacesInTx, type Tx } from "@slotwise/db";

import type { PartnerPrincipal, Settings } from "../trpc/context.ts";

/**
 * The one hold budget (docs/decisions/hold-budget.md) for every way a partner holds places: a
 * REST hold, a hold that grows, an order (all its items together) and an OCTO reservation or
 * update. Counted in the caller's transaction, before its sale: the lock per partner it takes
 * lasts until that transaction ends, so holds sent at once are counted one after another.
 * Throws 409 hold-limit-reached when `places` more would pass the key's or the partner's bound.
 */
export async function checkHoldBudgetInTx(
  tx: Tx,
  ctx: { principal: PartnerPrincipal; settings: Pick<Settings, "holdBudget">; now: () => Date },
  places: number,
): Promise<void> {
  if (places <= 0) return;
  const { principal } = ctx;
  const held = await heldPlacesInTx(tx, { partnerId: principal.partner.id, apiKeyId: principal.keyId, now: ctx.now() });
  const over = holdBudgetRefusal(held, places, ctx.settings.holdBudget ?? DEFAULT_HOLD_BUDGET);
  if (over) throw over;
}
