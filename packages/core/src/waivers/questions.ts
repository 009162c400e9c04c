import { isCalendarDate } from "../time/calendar.ts";
import { textProblem } from "../validation/text.ts";

export const QUESTION_TYPES = [
  "text",
  "textarea",
  "boolean",
  "select",
  "multiselect",
  "date",
  "file",
  "signature",
] as const;
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
export const MAX_FILE_URL = 2048;

function decodes(value: string): boolean {
  try {
    decodeURI(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * A well-formed https URL as sent: no spaces or control characters (the URL parser would
 * quietly drop some), no credentials, every `%` followed by two hex digits that decode to
 * UTF-8, and at most 2048 characters. Anything else fails where the URL is shown or fetched.
 */
function isHttpsUrl(value: string): boolean {
  if (value.length > MAX_FILE_URL || /[\s\p{Cc}]/u.test(value) || !URL.canParse(value) || !decodes(value)) return false;
  const url = new URL(value);
  return url.protocol === "https:" && url.hostname.length > 0 && url.username === "" && url.password === "";
}

/** Why the text in an answer's value (a string, or a list's strings) cannot be stored, or null. */
export function answerTextProblem(value: unknown): string | null {
  const texts =
    typeof value === "string"
      ? [value]
      : Array.isArray(value)
        ? value.filter((v): v is string => typeof v === "string")
        : [];
  for (const text of texts) {
    const problem = textProblem(text);
    if (problem) return problem;
  }
  return null;
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
      if (!Array.isArray(value) || !value.every((v): v is string => typeof v === "string"))
        return "must be a list of options";
      const unknown = value.filter((v) => !question.options.includes(v));
      if (unknown.length)
        return `has options not offered: ${unknown.join(", ")}; choose from: ${question.options.join(", ")}`;
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
