"use client";

import { useState } from "react";
import { toast } from "sonner";

import { ConfirmDeleteList, type Column } from "../../../components/confirm-delete-list";
import { formatMoney } from "../../../lib/format";
import { amountText, minorUnitsOf } from "../../../lib/money-input";
import { fieldProblems, problemMessage } from "../../../lib/problem";
import { trpc, type RouterOutputs } from "../../../lib/trpc";
import { EMPTY_UNIT_FORM, UnitTypeForm } from "./unit-type-form";

type UnitType = RouterOutputs["console"]["unitTypes"]["list"][number];

const ageOf = (text: string) => (text.trim() === "" ? null : Number(text));
const ages = (unit: UnitType) =>
  unit.minAge === null && unit.maxAge === null
    ? "any age"
    : unit.maxAge === null
      ? `${unit.minAge} and over`
      : `${unit.minAge ?? 0} to ${unit.maxAge}`;

const COLUMNS: Column<UnitType>[] = [
  {
    header: "Unit",
    cell: (unit) => (
      <>
        {unit.label} <span className="mono small muted">{unit.unitId}</span>
        {unit.retired && <span className="small"> · retired</span>}
      </>
    ),
  },
  { header: "Ages", cell: ages },
  { header: "Price", className: "num", cell: (unit) => formatMoney(unit.priceAmount, unit.currency) },
];

/**
 * The unit types an activity sells (adult, child, senior…) and their prices. A new price is
 * charged to new bookings only; a retired unit stays on the bookings that bought it, and
 * `adult` is never retired because `Participants` books it.
 */
export function UnitTypesCard({ productId }: { productId: number }) {
  const utils = trpc.useUtils();
  const units = trpc.console.unitTypes.list.useQuery({ productId });
  const [form, setForm] = useState(EMPTY_UNIT_FORM);
  const [editing, setEditing] = useState(false);
  const reset = () => {
    setForm(EMPTY_UNIT_FORM);
    setEditing(false);
  };
  const refresh = (result: UnitType[], message: string) => {
    utils.console.unitTypes.list.setData({ productId }, result);
    void utils.console.activities.invalidate();
    toast.success(message);
  };
  const saved = {
    onSuccess: (result: UnitType[], input: { label: string }) => {
      refresh(result, `${input.label} saved`);
      reset();
    },
    onError: (error: unknown) => toast.error(problemMessage(error)),
  };
  const add = trpc.console.unitTypes.add.useMutation(saved);
  const change = trpc.console.unitTypes.change.useMutation(saved);
  const save = editing ? change : add;
  const retire = trpc.console.unitTypes.retire.useMutation({
    onSuccess: (result, input) => refresh(result, `${input.unitId} is no longer sold`),
    onError: (error) => toast.error(problemMessage(error)),
  });
  const price = minorUnitsOf(form.price);

  const submit = () => {
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

  return (
    <section className="card" aria-labelledby="units-heading">
      <div className="card-head">
        <h2 id="units-heading">Unit types and prices</h2>
      </div>
      <ConfirmDeleteList
        caption="Unit types of this activity"
        query={units}
        rowKey={(unit) => unit.unitId}
        rowProps={(unit) => ({ className: unit.retired ? "muted" : undefined })}
        columns={COLUMNS}
        actions={(unit) => (
          <button type="button" className="small" onClick={() => edit(unit)}>
            {unit.retired ? "Sell again" : "Edit"}
            <span className="visually-hidden"> {unit.label}</span>
          </button>
        )}
        canRemove={(unit) => !unit.retired && unit.unitId !== "adult"}
        words={{
          action: "Retire",
          label: (unit) => `Retire ${unit.label}`,
          title: (unit) => `Stop selling ${unit.label}?`,
          body: () => "New bookings can no longer choose it; bookings that bought it keep it. You can sell it again.",
          keep: "Keep selling",
          confirm: "Retire unit type",
          pending: "Retiring…",
        }}
        onRemove={(unit, done) => retire.mutate({ productId, unitId: unit.unitId }, { onSettled: done })}
        removing={retire.isPending}
        empty={null}
      />
      <UnitTypeForm
        form={form}
        onChange={setForm}
        editing={editing}
        problems={fieldProblems(save.error)}
        priceValid={price !== null}
        saving={save.isPending}
        onSubmit={submit}
        onCancel={reset}
      />
    </section>
  );
}
