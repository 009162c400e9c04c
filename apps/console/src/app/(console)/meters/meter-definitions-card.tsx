"use client";

import { useState } from "react";
import { toast } from "sonner";

import { ConfirmDeleteList, type Column } from "../../../components/confirm-delete-list";
import { EmptyState } from "../../../components/states";
import { formatUsage } from "../../../lib/format";
import { definitionOf, EMPTY_METER_FORM, formOf, type MeterDefinition, type MeterForm } from "../../../lib/meter-form";
import { fieldProblems, problemMessage } from "../../../lib/problem";
import { trpc } from "../../../lib/trpc";
import { MeterDefinitionForm } from "./meter-definition-form";

const thresholdsText = (definition: MeterDefinition) =>
  definition.Thresholds.length === 0
    ? "none"
    : definition.Thresholds.map((t) => `${formatUsage(t.Value, definition.Unit)} a ${t.Period}`).join(", ");

const COLUMNS: Column<MeterDefinition>[] = [
  { header: "Meter", className: "mono", cell: (d) => d.Meter },
  { header: "Unit", cell: (d) => d.Unit ?? <span className="muted">—</span> },
  { header: "Description", className: "hide-narrow", cell: (d) => d.Description },
  { header: "Thresholds", cell: thresholdsText },
];

/** The operator's meter definitions: list, define, edit (the meter's name stays), delete. */
export function MeterDefinitionsCard() {
  const utils = trpc.useUtils();
  const definitions = trpc.console.meterDefinitions.list.useQuery();
  const [form, setForm] = useState<MeterForm>(EMPTY_METER_FORM);
  const [editing, setEditing] = useState(false);
  const reset = () => {
    setForm(EMPTY_METER_FORM);
    setEditing(false);
  };
  const refresh = (result: MeterDefinition[], message: string) => {
    utils.console.meterDefinitions.list.setData(undefined, result);
    // Units show beside the figures on /usage.
    void utils.console.usage.invalidate();
    toast.success(message);
  };
  const saved = {
    onSuccess: (result: MeterDefinition[], input: { Meter: string }) => {
      refresh(result, `${input.Meter} saved`);
      reset();
    },
    onError: (error: unknown) => toast.error(problemMessage(error)),
  };
  const create = trpc.console.meterDefinitions.create.useMutation(saved);
  const change = trpc.console.meterDefinitions.change.useMutation(saved);
  const save = editing ? change : create;
  const remove = trpc.console.meterDefinitions.delete.useMutation({
    onSuccess: (result, input) => refresh(result, `${input.Meter} is no longer defined`),
    onError: (error) => toast.error(problemMessage(error)),
  });
  const definition = definitionOf(form);

  return (
    <section className="card" aria-labelledby="definitions-heading">
      <div className="card-head">
        <h2 id="definitions-heading">Meter definitions</h2>
      </div>
      <ConfirmDeleteList
        caption="Meter definitions"
        query={definitions}
        rowKey={(d) => d.Meter}
        columns={COLUMNS}
        actions={(d) => (
          <button
            type="button"
            className="small"
            onClick={() => {
              setEditing(true);
              setForm(formOf(d));
            }}
          >
            Edit<span className="visually-hidden"> {d.Meter}</span>
          </button>
        )}
        words={{
          action: "Delete",
          label: (d) => `Delete ${d.Meter}`,
          title: (d) => `Delete the definition of ${d.Meter}?`,
          body: () => "Its unit and thresholds go; its usage and the thresholds it already reached stay.",
          keep: "Keep it",
          confirm: "Delete definition",
          pending: "Deleting…",
        }}
        onRemove={(d, done) => remove.mutate({ Meter: d.Meter }, { onSettled: done })}
        removing={remove.isPending}
        empty={
          <EmptyState title="No meter is defined yet">
            Give a meter a unit, a description and thresholds below.
          </EmptyState>
        }
      />
      <MeterDefinitionForm
        form={form}
        onChange={setForm}
        editing={editing}
        problems={fieldProblems(save.error)}
        canSave={!save.isPending && definition !== null}
        onSubmit={() => definition && save.mutate(definition)}
        onCancel={reset}
      />
    </section>
  );
}
