"use client";

import { useState, type SyntheticEvent } from "react";

import { Card } from "../../../../components/card";
import { FormField, TextField } from "../../../../components/form-field";
import { EmptyState } from "../../../../components/states";
import { itemProblem } from "../../../../lib/activity-form";
import { fieldProblems } from "../../../../lib/problem";
import type { Activity } from "./details-card";
import {
  draftOf,
  hasOptions,
  inputOf,
  newDraft,
  QUESTION_TYPES,
  type Draft,
  type QuestionType,
} from "./question-drafts";
import { usePatchActivity } from "./use-patch-activity";

/**
 * The waiver questions guests answer, in the order they are asked. Removing one retires it:
 * new bookings are no longer asked, answers already given stay readable. Nothing changes
 * until the list is saved, so a reorder and an edit land together.
 */
export function QuestionsCard({ activity }: { activity: Activity }) {
  const [drafts, setDrafts] = useState(() => activity.Questions.map(draftOf));
  const patch = usePatchActivity("Questions saved");
  const problems = fieldProblems(patch.error);
  const change = (index: number, next: Partial<Draft>) =>
    setDrafts(drafts.map((d, i) => (i === index ? { ...d, ...next } : d)));
  const move = (index: number, by: number) => {
    const next = [...drafts];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + by, 0, moved);
    setDrafts(next);
  };
  const add = () => setDrafts([...drafts, newDraft()]);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    patch.mutate({ ActivityID: activity.ActivityID, Questions: drafts.map(inputOf) });
  };
  return (
    <Card id="questions-heading" title="Waiver questions">
      <form onSubmit={submit} className="stack" style={{ gap: 16 }} aria-label="Waiver questions">
        {drafts.length === 0 && <EmptyState title="No questions: guests are asked nothing" />}
        {drafts.map((d, i) => (
          <fieldset key={d.key} className="stack" style={{ gap: 8 }} aria-label={`Question ${i + 1}`}>
            <legend>
              Question {i + 1}
              {d.id === undefined && <span className="muted small"> · new</span>}
            </legend>
            <div className="grid-2" style={{ gap: 12 }}>
              <TextField
                label="Question"
                value={d.label}
                onValueChange={(label) => change(i, { label })}
                problem={itemProblem(problems, "Questions", i, "Label") ?? itemProblem(problems, "Questions", i, "ID")}
                required
                maxLength={500}
              />
              <FormField label="Answer" problem={itemProblem(problems, "Questions", i, "Type")}>
                <select value={d.type} onChange={(e) => change(i, { type: e.target.value as QuestionType })}>
                  {QUESTION_TYPES.map((t) => (
                    <option key={t.value} value={t.value}>
                      {t.label}
                    </option>
                  ))}
                </select>
              </FormField>
              <TextField
                label="Help text"
                value={d.helpText}
                onValueChange={(helpText) => change(i, { helpText })}
                problem={itemProblem(problems, "Questions", i, "HelpText")}
                maxLength={2000}
              />
              {hasOptions(d.type) && (
                <FormField label="Choices, one a line" problem={itemProblem(problems, "Questions", i, "Options")}>
                  <textarea value={d.options} rows={3} onChange={(e) => change(i, { options: e.target.value })} />
                </FormField>
              )}
            </div>
            <div className="row">
              <label className="check">
                <input
                  type="checkbox"
                  checked={d.required}
                  onChange={(e) => change(i, { required: e.target.checked })}
                />
                <span>Required</span>
              </label>
              <button type="button" className="small" disabled={i === 0} onClick={() => move(i, -1)}>
                Move up<span className="visually-hidden"> question {i + 1}</span>
              </button>
              <button type="button" className="small" disabled={i === drafts.length - 1} onClick={() => move(i, 1)}>
                Move down<span className="visually-hidden"> question {i + 1}</span>
              </button>
              <button
                type="button"
                className="small danger-outline"
                onClick={() => setDrafts(drafts.filter((_, j) => j !== i))}
              >
                {d.id === undefined ? "Remove" : "Retire"}
                <span className="visually-hidden"> question {i + 1}</span>
              </button>
            </div>
          </fieldset>
        ))}
        {problems.Questions && <p className="field-error">{problems.Questions}</p>}
        <div className="row">
          <button type="button" onClick={add}>
            Add question
          </button>
          <button type="submit" className="primary" disabled={patch.isPending}>
            {patch.isPending ? "Saving…" : "Save questions"}
          </button>
        </div>
      </form>
    </Card>
  );
}
