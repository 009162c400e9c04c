"use client";

import { useState, type SyntheticEvent } from "react";
import { toast } from "sonner";

import { Dialog } from "../../../components/confirm-dialog";
import { EmptyState, ErrorState, SkeletonBlock } from "../../../components/states";
import { formatUsage } from "../../../lib/format";
import { definitionOf, EMPTY_METER_FORM, formOf, type MeterDefinition, type MeterForm } from "../../../lib/meter-form";
import { fieldProblems, problemMessage } from "../../../lib/problem";
import { trpc } from "../../../lib/trpc";
import { ThresholdRows } from "./threshold-rows";

const thresholdsText = (definition: MeterDefinition) =>
  definition.Thresholds.length === 0
    ? "none"
    : definition.Thresholds.map((t) => `${formatUsage(t.Value, definition.Unit)} a ${t.Period}`).join(", ");

/** The operator's meter definitions: list, define, edit (the meter's name stays), delete. */
export function MeterDefinitionsCard() {
  const utils = trpc.useUtils();
  const definitions = trpc.console.meterDefinitions.list.useQuery();
  const [form, setForm] = useState<MeterForm>(EMPTY_METER_FORM);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);
  const refresh = (result: MeterDefinition[], message: string) => {
    utils.console.meterDefinitions.list.setData(undefined, result);
    // Units show beside the figures on /usage.
    void utils.console.usage.invalidate();
    toast.success(message);
  };
  const saved = {
    onSuccess: (result: MeterDefinition[], input: { Meter: string }) => {
      refresh(result, `${input.Meter} saved`);
      setForm(EMPTY_METER_FORM);
      setEditing(false);
    },
    onError: (error: Parameters<typeof problemMessage>[0]) => toast.error(problemMessage(error)),
  };
  const create = trpc.console.meterDefinitions.create.useMutation(saved);
  const change = trpc.console.meterDefinitions.change.useMutation(saved);
  const save = editing ? change : create;
  const remove = trpc.console.meterDefinitions.delete.useMutation({
    onSuccess: (result, input) => {
      refresh(result, `${input.Meter} is no longer defined`);
      setDeleting(null);
    },
    onError: (error) => toast.error(problemMessage(error)),
  });
  const problems = fieldProblems(save.error);
  const definition = definitionOf(form);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (definition) save.mutate(definition);
  };
  const field = (key: "meter" | "unit" | "description", label: string, problem: string | undefined, extra = {}) => (
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

  return (
    <section className="card" aria-labelledby="definitions-heading">
      <div className="card-head">
        <h2 id="definitions-heading">Meter definitions</h2>
      </div>
      {definitions.isPending && <SkeletonBlock height={120} />}
      {definitions.error && (
        <ErrorState message={problemMessage(definitions.error)} onRetry={() => void definitions.refetch()} />
      )}
      {definitions.data?.length === 0 && (
        <EmptyState title="No meter is defined yet">
          Give a meter a unit, a description and thresholds below.
        </EmptyState>
      )}
      {definitions.data && definitions.data.length > 0 && (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Meter definitions</caption>
            <thead>
              <tr>
                <th scope="col">Meter</th>
                <th scope="col">Unit</th>
                <th scope="col" className="hide-narrow">
                  Description
                </th>
                <th scope="col">Thresholds</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {definitions.data.map((d) => (
                <tr key={d.Meter}>
                  <td className="mono">{d.Meter}</td>
                  <td>{d.Unit ?? <span className="muted">—</span>}</td>
                  <td className="hide-narrow">{d.Description}</td>
                  <td>{thresholdsText(d)}</td>
                  <td className="row">
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
                    <button type="button" className="small danger-outline" onClick={() => setDeleting(d.Meter)}>
                      Delete<span className="visually-hidden"> {d.Meter}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form className="card-body stack" style={{ gap: 12 }} onSubmit={submit} aria-label="Meter definition">
        <div className="grid-2" style={{ gap: 12 }}>
          {field("meter", "Meter", problems.Meter, { required: true, readOnly: editing, maxLength: 100 })}
          {field("unit", "Unit (GB, calls, SMS…)", problems.Unit, { maxLength: 20 })}
        </div>
        {field("description", "Description", problems.Description, { maxLength: 500 })}
        <ThresholdRows
          rows={form.thresholds}
          problems={problems}
          onChange={(thresholds) => setForm({ ...form, thresholds })}
        />
        <div className="row">
          <button type="submit" className="primary" disabled={save.isPending || definition === null}>
            {editing ? "Save definition" : "Define meter"}
          </button>
          {editing && (
            <button
              type="button"
              onClick={() => {
                setEditing(false);
                setForm(EMPTY_METER_FORM);
              }}
            >
              Cancel
            </button>
          )}
        </div>
      </form>
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete the definition of ${deleting ?? ""}?`}
        footer={
          <>
            <button type="button" onClick={() => setDeleting(null)}>
              Keep it
            </button>
            <button
              type="button"
              className="danger"
              disabled={remove.isPending}
              onClick={() => deleting && remove.mutate({ Meter: deleting })}
            >
              {remove.isPending ? "Deleting…" : "Delete definition"}
            </button>
          </>
        }
      >
        <p style={{ margin: 0 }}>Its unit and thresholds go; its usage and the thresholds it already reached stay.</p>
      </Dialog>
    </section>
  );
}
