import {
  isFieldError,
  participantsProblem,
  priceUnits,
  requestedUnits,
  totalProblem,
  ValidationError,
  type PricedBooking,
  type UnitQuantity,
} from "@slotwise/core";
import type { ProductWithUnits } from "@slotwise/db";

/**
 * What a booking asks for (`Participants` or `Units`), priced at the activity's prices of the
 * moment and within its participant bounds, or a 422 naming the field at fault.
 */
export function priceBooking(
  product: ProductWithUnits,
  request: { Participants?: number | undefined; Units?: UnitQuantity[] | undefined },
): PricedBooking {
  const priced = priceUnits(product.units, requestedUnits(request));
  if (isFieldError(priced)) throw new ValidationError([priced]);
  const field = request.Units ? "Units" : "Participants";
  const bounds = participantsProblem(priced.participants, product);
  if (bounds) throw new ValidationError([{ field, message: bounds }]);
  const tooMuch = totalProblem(priced);
  if (tooMuch) throw new ValidationError([{ ...tooMuch, field }]);
  return priced;
}
