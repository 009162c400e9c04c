import { DEFAULT_HOLD_BUDGET } from "@slotwise/core";
import { checkHoldBudgetInTx, type HoldHolder, type Tx } from "@slotwise/db";

import type { PartnerPrincipal, Settings } from "../trpc/context.ts";

type HoldContext = { principal: PartnerPrincipal; settings: Pick<Settings, "holdBudget"> };

/** The partner and key a request holds places for, with the budget its settings give. */
export function holdHolder(ctx: HoldContext): HoldHolder {
  const { principal } = ctx;
  return {
    partnerId: principal.partner.id,
    apiKeyId: principal.keyId,
    budget: ctx.settings.holdBudget ?? DEFAULT_HOLD_BUDGET,
  };
}

/**
 * The one hold budget (packages/db's checkHoldBudgetInTx) for every way a partner holds
 * places: a REST hold, a hold that grows, an order (all its items together) and an OCTO
 * reservation or update. Counted in the caller's transaction, before its sale.
 */
export function checkRequestHoldBudgetInTx(
  tx: Tx,
  ctx: HoldContext & { now: () => Date },
  places: number,
): Promise<void> {
  return checkHoldBudgetInTx(tx, holdHolder(ctx), places, ctx.now());
}
