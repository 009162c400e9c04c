"use client";

import { useState, type SyntheticEvent } from "react";
import { toast } from "sonner";

import { ErrorState, SkeletonBlock } from "../../../components/states";
import { formatMoney } from "../../../lib/format";
import { amountText, minorUnitsOf } from "../../../lib/money-input";
import { fieldProblems, problemMessage } from "../../../lib/problem";
import { trpc, type RouterOutputs } from "../../../lib/trpc";

type UnitType = RouterOutputs["console"]["unitTypes"]["list"][number];
const EMPTY = { unitId: "", label: "", minAge: "", maxAge: "", price: "" };

const ageOf = (text: string) => (text.trim() === "" ? null : Number(text));
const ages = (unit: UnitType) =>
  unit.minAge === null && unit.maxAge === null
    ? "any age"
    : unit.maxAge === null
      ? `${unit.minAge} and over`
      : `${unit.minAge ?? 0} to ${unit.maxAge}`;

/**
 * The unit types an activity sells (adult, child, senior…) and their prices. A new price is
 * charged to new bookings only; a retired unit stays on the bookings that bought it.
 */
export function UnitTypesCard({ productId }: { productId: number }) {
  const utils = trpc.useUtils();
  const units = trpc.console.unitTypes.list.useQuery({ productId });
  const [form, setForm] = useState(EMPTY);
  const [editing, setEditing] = useState(false);
  const refresh = (result: UnitType[], message: string) => {
    utils.console.unitTypes.list.setData({ productId }, result);
    void utils.console.activities.invalidate();
    toast.success(message);
  };
  const saved = {
    onSuccess: (result: UnitType[], input: { label: string }) => {
      refresh(result, `${input.label} saved`);
      setForm(EMPTY);
      setEditing(false);
    },
    onError: (error: Parameters<typeof problemMessage>[0]) => toast.error(problemMessage(error)),
  };
  const add = trpc.console.unitTypes.add.useMutation(saved);
  const change = trpc.console.unitTypes.change.useMutation(saved);
  const save = editing ? change : add;
  const retire = trpc.console.unitTypes.retire.useMutation({
    onSuccess: (result, input) => refresh(result, `${input.unitId} is no longer sold`),
    onError: (error) => toast.error(problemMessage(error)),
  });
  const problems = fieldProblems(save.error);
  const price = minorUnitsOf(form.price);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (price === null) return;
    save.mutate({
      productId,
      unitId: form.unitId.trim(),
      label: form.label,
      minAge: ageOf(form.minAge),
      maxAge: ageOf(form.maxAge),
      priceAmount: price,
    });
  };
  const edit = (unit: UnitType) => {
    setEditing(true);
    setForm({
      unitId: unit.unitId,
      label: unit.label,
      minAge: unit.minAge === null ? "" : String(unit.minAge),
      maxAge: unit.maxAge === null ? "" : String(unit.maxAge),
      price: amountText(unit.priceAmount),
    });
  };
  const field = (key: keyof typeof EMPTY, label: string, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => {
    // The form takes a price as typed; the procedure's field is its amount in minor units.
    const problem = problems[key === "price" ? "priceAmount" : key];
    return (
      <label className="field">
        {label}
        <input
          name={key}
          value={form[key]}
          onChange={(e) => setForm({ ...form, [key]: e.target.value })}
          aria-invalid={Boolean(problem)}
          {...extra}
        />
        {problem && <span className="field-error">{problem}</span>}
      </label>
    );
  };

  return (
    <section className="card" aria-labelledby="units-heading">
      <div className="card-head">
        <h2 id="units-heading">Unit types and prices</h2>
      </div>
      {units.isPending && <SkeletonBlock height={120} />}
      {units.error && <ErrorState message={problemMessage(units.error)} onRetry={() => void units.refetch()} />}
      {units.data && (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Unit types of this activity</caption>
            <thead>
              <tr>
                <th scope="col">Unit</th>
                <th scope="col">Ages</th>
                <th scope="col" className="num">
                  Price
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {units.data.map((unit) => (
                <tr key={unit.unitId} className={unit.retired ? "muted" : undefined}>
                  <td>
                    {unit.label} <span className="mono small muted">{unit.unitId}</span>
                    {unit.retired && <span className="small"> · retired</span>}
                  </td>
                  <td>{ages(unit)}</td>
                  <td className="num">{formatMoney(unit.priceAmount, unit.currency)}</td>
                  <td className="row">
                    <button type="button" className="small" onClick={() => edit(unit)}>
                      {unit.retired ? "Sell again" : "Edit"}
                      <span className="visually-hidden"> {unit.label}</span>
                    </button>
                    {!unit.retired && unit.unitId !== "adult" && (
                      <button
                        type="button"
                        className="small danger-outline"
                        disabled={retire.isPending}
                        onClick={() => retire.mutate({ productId, unitId: unit.unitId })}
                      >
                        Retire<span className="visually-hidden"> {unit.label}</span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form className="card-body stack" style={{ gap: 12 }} onSubmit={submit} aria-label="Unit type">
        <div className="grid-2" style={{ gap: 12 }}>
          {field("unitId", "ID (adult, child, senior…)", { required: true, readOnly: editing, maxLength: 32 })}
          {field("label", "Label", { required: true, maxLength: 100 })}
          {field("minAge", "Minimum age", { type: "number", min: 0, max: 150 })}
          {field("maxAge", "Maximum age", { type: "number", min: 0, max: 150 })}
          {field("price", "Price per place", { required: true, inputMode: "decimal", placeholder: "45.00" })}
        </div>
        {form.price !== "" && price === null && (
          <span className="field-error">A price is an amount such as 45 or 45.50</span>
        )}
        <div className="row">
          <button type="submit" className="primary" disabled={save.isPending || price === null}>
            {editing ? "Save unit type" : "Add unit type"}
          </button>
          {editing && (
            <button
              type="button"
              onClick={() => {
                setEditing(false);
                setForm(EMPTY);
              }}
            >
              Cancel
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
