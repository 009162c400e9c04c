import { isCalendarDate } from "../time/calendar.ts";

export const QUESTION_TYPES = ["text", "textarea", "boolean", "select", "multiselect", "date", "file", "signature"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export interface WaiverQuestion {
  id: string;
  label: string;
  type: QuestionType;
  required: boolean;
  options: readonly string[];
  accept: readonly string[];
  maxFileSizeMb: number | null;
}

export const MAX_TEXT_ANSWER = 5000;

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * Why `value` is not a valid answer to `question`, or null when it is. An empty text, an
 * empty list or a missing value is "no answer", which only required questions reject.
 */
export function answerProblem(question: WaiverQuestion, value: unknown): string | null {
  switch (question.type) {
    case "text":
    case "textarea":
    case "signature":
      if (typeof value !== "string") return "must be a string";
      return value.length > MAX_TEXT_ANSWER ? `must be at most ${MAX_TEXT_ANSWER} characters` : null;
    case "boolean":
      return typeof value === "boolean" ? null : "must be true or false";
    case "select":
      if (typeof value !== "string") return "must be a string";
      return value === "" || question.options.includes(value) ? null : `must be one of: ${question.options.join(", ")}`;
    case "multiselect": {
      if (!Array.isArray(value) || !value.every((v): v is string => typeof v === "string")) return "must be a list of options";
      const unknown = value.filter((v) => !question.options.includes(v));
      if (unknown.length) return `has options not offered: ${unknown.join(", ")}; choose from: ${question.options.join(", ")}`;
      return new Set(value).size === value.length ? null : "lists an option twice";
    }
    case "date":
      if (typeof value !== "string") return "must be a date in YYYY-MM-DD form";
      return value === "" || isCalendarDate(value) ? null : "must be a real date in YYYY-MM-DD form";
    case "file":
      if (typeof value !== "string") return "must be the https URL of the uploaded file";
      return value === "" || isHttpsUrl(value) ? null : "must be the https URL of the uploaded file";
  }
}

/** Whether `value` counts as an answer (a valid value that is not empty). */
export function isAnswered(question: WaiverQuestion, value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (answerProblem(question, value) !== null) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (Array.isArray(value)) return value.length > 0;
  return true;
}
