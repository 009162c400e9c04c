import {
  answersProblems,
  waiverStatus,
  type WaiverQuestion as CoreQuestion,
  type WaiverAnswer,
  type WaiverStatusName,
} from "@slotwise/core";
import type { WaiverQuestion } from "@slotwise/db";

import { toCoreQuestion } from "../presenters/question.ts";
import { badRequest } from "./octo-errors.ts";

/**
 * `octo/questions`: an activity's waiver questions as OCTO questions on the option (asked once
 * per booking), answers as OCTO's `questionAnswers` with string values. `@octocloud/types` has no
 * type for them, so the shapes the capability describes are declared here.
 */
export type OctoInputType = "text" | "textarea" | "radio" | "select" | "checkbox" | "date" | "url";

export interface OctoQuestion {
  id: string;
  label: string;
  description: string | null;
  required: boolean;
  inputType: OctoInputType;
  selectOptions: { label: string; value: string }[];
}

export interface OctoQuestionAnswer {
  questionId: string;
  question: OctoQuestion;
  value: string | null;
}

const YES_NO = [
  { label: "Yes", value: "true" },
  { label: "No", value: "false" },
];

const INPUT_TYPES: Record<WaiverQuestion["type"], OctoInputType> = {
  TEXT: "text",
  TEXTAREA: "textarea",
  SIGNATURE: "text",
  BOOLEAN: "radio",
  SELECT: "select",
  MULTISELECT: "checkbox",
  DATE: "date",
  // The answer is the https URL of the file the reseller uploaded, as REST's.
  FILE: "url",
};

export function octoQuestion(q: WaiverQuestion): OctoQuestion {
  const choices = q.type === "SELECT" || q.type === "MULTISELECT" ? q.options.map((o) => ({ label: o, value: o })) : [];
  return {
    id: q.id,
    label: q.label,
    description: q.helpText,
    required: q.required,
    inputType: INPUT_TYPES[q.type],
    selectOptions: q.type === "BOOLEAN" ? YES_NO : choices,
  };
}

/** An OCTO string answer as the value REST stores for this question's type. */
function storedValue(question: CoreQuestion, value: string | null): unknown {
  if (value === null) return null;
  if (question.type === "boolean") {
    const word = value.trim().toLowerCase();
    if (word === "true" || word === "yes") return true;
    if (word === "false" || word === "no") return false;
    return value;
  }
  // Several choices are sent comma-separated, as a checkbox group's values.
  if (question.type === "multiselect")
    return value
      .split(",")
      .map((choice) => choice.trim())
      .filter(Boolean);
  return value;
}

/** A stored value as OCTO's string answer. */
function answerText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.join(",");
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

/** OCTO's names for the REST answer fields a problem names. */
function octoField(message: string): string {
  return message
    .replaceAll("Answers[", "questionAnswers[")
    .replaceAll("].QuestionID", "].questionId")
    .replaceAll("].Value", "].value")
    .replace(/^Answers must/, "questionAnswers must");
}

/**
 * The answers a reseller sent, checked by the same rules as REST's `Answers` (every required
 * question answered, each value fitting its question), or BAD_REQUEST naming the first field.
 */
export function checkedAnswers(
  questions: readonly WaiverQuestion[],
  sent: readonly { questionId: string; value?: string | null | undefined }[],
): { answers: WaiverAnswer[]; waiverStatus: WaiverStatusName } {
  const core = questions.map(toCoreQuestion);
  const byId = new Map(core.map((q) => [q.id, q]));
  const answers = sent.map((answer) => {
    const question = byId.get(answer.questionId);
    const value = answer.value ?? null;
    return { QuestionID: answer.questionId, Value: question ? storedValue(question, value) : value };
  });
  const [problem] = answersProblems(core, answers);
  if (problem) throw badRequest(octoField(problem.message));
  return { answers, waiverStatus: waiverStatus(core, answers) };
}

/** The booking's stored answers to the activity's questions, as OCTO's `questionAnswers`. */
export function octoQuestionAnswers(questions: readonly WaiverQuestion[], stored: unknown): OctoQuestionAnswer[] {
  const answers = Array.isArray(stored) ? (stored as WaiverAnswer[]) : [];
  return questions.flatMap((question) => {
    const answer = answers.find((a) => a.QuestionID === question.id);
    return answer
      ? [{ questionId: question.id, question: octoQuestion(question), value: answerText(answer.Value) }]
      : [];
  });
}
