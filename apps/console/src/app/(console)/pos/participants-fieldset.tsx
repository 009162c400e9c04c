import { TextField } from "../../../components/form-field";
import { formatMoney } from "../../../lib/format";
import type { RouterOutputs } from "../../../lib/trpc";

type SaleActivity = RouterOutputs["console"]["activities"]["grid"]["activity"];

/** Quantities by unit ID, as typed; a unit not named sells none. */
export type Quantities = Record<string, string>;

/** How many of each unit the customer buys, each at its price. */
export function ParticipantsFieldset({
  activity,
  quantities,
  onChange,
  problem,
}: {
  activity: SaleActivity | undefined;
  quantities: Quantities;
  onChange: (quantities: Quantities) => void;
  problem?: string;
}) {
  return (
    <fieldset className="units-fieldset">
      <legend>Participants</legend>
      <div className="grid-2" style={{ gap: 12 }}>
        {activity?.units.map((unit) => (
          <TextField
            key={unit.id}
            label={`${unit.label} (${formatMoney(unit.priceAmount, activity.currency)})`}
            name={`unit-${unit.id}`}
            type="number"
            min={0}
            max={activity.maxParticipants}
            value={quantities[unit.id] ?? "0"}
            onValueChange={(value) => onChange({ ...quantities, [unit.id]: value })}
          />
        ))}
      </div>
      {problem && <span className="field-error">{problem}</span>}
    </fieldset>
  );
}

/** The units bought, those of quantity 0 left out. */
export function unitsSold(activity: SaleActivity | undefined, quantities: Quantities) {
  return (activity?.units ?? [])
    .map((unit) => ({ UnitID: unit.id, Quantity: Number(quantities[unit.id] ?? 0) }))
    .filter((unit) => unit.Quantity > 0);
}

/** What the units cost together; a quantity that is not a number counts as none. */
export function saleTotal(activity: SaleActivity | undefined, quantities: Quantities) {
  return (activity?.units ?? []).reduce(
    (sum, unit) => sum + unit.priceAmount * (Number(quantities[unit.id] ?? 0) || 0),
    0,
  );
}
