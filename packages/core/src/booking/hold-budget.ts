import { ConflictError } from "../errors/domain-errors.ts";

/**
 * Places a partner's unconfirmed holds may take at once, per API key and per partner (all its
 * keys together). Holds cost nothing until confirmed, so without a bound one key could hold an
 * operator's whole inventory, hold after hold, and keep it from every other seller.
 */
export interface HoldBudget {
  placesPerKey: number;
  placesPerPartner: number;
}

export const DEFAULT_HOLD_BUDGET: HoldBudget = { placesPerKey: 200, placesPerPartner: 400 };

/** Places in live holds (not confirmed, not expired) of the key and of its partner. */
export interface HeldPlaces {
  byKey: number;
  byPartner: number;
}

/** Why a new hold of `participants` places does not fit the budget, or null when it does. */
export function holdBudgetRefusal(held: HeldPlaces, participants: number, budget: HoldBudget): ConflictError | null {
  const over = (used: number, limit: number, whose: string) =>
    used + participants > limit
      ? new ConflictError(
          "hold-limit-reached",
          `Unconfirmed holds of ${whose} take ${used} places; at most ${limit} may be held at once, so ${participants} more cannot be: confirm, cancel or let some expire`,
        )
      : null;
  return (
    over(held.byKey, budget.placesPerKey, "this API key") ??
    over(held.byPartner, budget.placesPerPartner, "this partner")
  );
}
