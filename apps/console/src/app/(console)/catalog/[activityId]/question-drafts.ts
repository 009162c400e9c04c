import type { RouterInputs } from "../../../../lib/trpc";
import type { Activity } from "./details-card";

/** A waiver question as the card edits it, and as it is sent back. */
type QuestionInput = NonNullable<RouterInputs["catalog"]["patchActivity"]["Questions"]>[number];
export type QuestionType = QuestionInput["Type"];

export const QUESTION_TYPES: { value: QuestionType; label: string }[] = [
  { value: "text", label: "Short text" },
  { value: "textarea", label: "Long text" },
  { value: "boolean", label: "Yes or no" },
  { value: "select", label: "One of a list" },
  { value: "multiselect", label: "Several of a list" },
  { value: "date", label: "Date" },
  { value: "file", label: "File" },
  { value: "signature", label: "Signature" },
];
export const hasOptions = (type: QuestionType) => type === "select" || type === "multiselect";

export interface Draft {
  /** Absent for a question not saved yet. */
  id?: string;
  label: string;
  type: QuestionType;
  required: boolean;
  helpText: string;
  options: string;
  /** Kept as they are: the console does not edit file limits. */
  accept: string[];
  maxFileSizeMB: number | null;
  key: string;
}

export const draftOf = (q: Activity["Questions"][number]): Draft => ({
  id: q.ID,
  label: q.Label,
  type: q.Type as QuestionType,
  required: q.Required,
  helpText: q.HelpText ?? "",
  options: q.Options.join("\n"),
  accept: q.Accept,
  maxFileSizeMB: q.MaxFileSizeMB,
  key: q.ID,
});

export function inputOf(d: Draft): QuestionInput {
  return {
    ...(d.id !== undefined ? { ID: d.id } : {}),
    Label: d.label,
    Type: d.type,
    Required: d.required,
    HelpText: d.helpText.trim() === "" ? null : d.helpText,
    Options: hasOptions(d.type)
      ? d.options
          .split("\n")
          .map((o) => o.trim())
          .filter((o) => o !== "")
      : [],
    Accept: d.accept,
    MaxFileSizeMB: d.maxFileSizeMB,
  };
}

let drafted = 0;

/** A new question, asked of every guest until edited. */
export const newDraft = (): Draft => ({
  label: "",
  type: "boolean",
  required: true,
  helpText: "",
  options: "",
  accept: [],
  maxFileSizeMB: null,
  key: `new-${++drafted}`,
});
