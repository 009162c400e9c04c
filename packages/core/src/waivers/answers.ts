import type { FieldError } from "../errors/domain-errors.ts";
import { answerProblem, isAnswered, type WaiverQuestion } from "./questions.ts";

export interface WaiverAnswer {
  QuestionID: string;
  Value: unknown;
}

export type WaiverStatusName = "complete" | "pending";

/**
 * Every problem with a set of answers: unknown or repeated questions, values that do not fit
 * their question's type, and required questions left unanswered.
 */
export function answersProblems(questions: readonly WaiverQuestion[], answers: readonly WaiverAnswer[]): FieldError[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  answers.forEach((answer, index) => {
    const question = byId.get(answer.QuestionID);
    if (!question) {
      errors.push({
        field: `Answers[${index}].QuestionID`,
        message: `Answers[${index}].QuestionID ${answer.QuestionID} is not a question of this activity`,
      });
      return;
    }
    if (seen.has(question.id)) {
      errors.push({
        field: `Answers[${index}].QuestionID`,
        message: `Answers[${index}].QuestionID ${question.id} is answered twice`,
      });
      return;
    }
    seen.add(question.id);
    const problem = answerProblem(question, answer.Value);
    if (problem)
      errors.push({
        field: `Answers[${index}].Value`,
        message: `Answers[${index}].Value (${question.label}) ${problem}`,
      });
  });
  // A required question answered with an invalid value already has its error above.
  const answered = answeredIds(questions, answers);
  const invalid = new Set(
    answers
      .filter((a) => byId.has(a.QuestionID) && !answered.has(a.QuestionID) && isPresent(a.Value))
      .map((a) => a.QuestionID),
  );
  for (const question of questions) {
    if (question.required && !answered.has(question.id) && !invalid.has(question.id)) {
      errors.push({
        field: "Answers",
        message: `Answers must answer required question ${question.id} (${question.label})`,
      });
    }
  }
  return errors;
}

function isPresent(value: unknown): boolean {
  if (typeof value === "string") return value.trim() !== "";
  return value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);
}

function answeredIds(questions: readonly WaiverQuestion[], answers: readonly WaiverAnswer[]): Set<string> {
  const byId = new Map(questions.map((q) => [q.id, q]));
  return new Set(
    answers
      .filter((a) => {
        const question = byId.get(a.QuestionID);
        return question !== undefined && isAnswered(question, a.Value);
      })
      .map((a) => a.QuestionID),
  );
}

/** `complete` when every required question has an answer, `pending` otherwise. */
export function waiverStatus(questions: readonly WaiverQuestion[], answers: readonly WaiverAnswer[]): WaiverStatusName {
  const answered = answeredIds(questions, answers);
  return questions.every((q) => !q.required || answered.has(q.id)) ? "complete" : "pending";
}
