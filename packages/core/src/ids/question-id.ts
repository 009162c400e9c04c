import { ALPHANUMERIC, randomString, type RandomBytes } from "./random-string.ts";

export const QUESTION_ID_PATTERN = /^q_[A-Za-z0-9]{6,32}$/;

export function newQuestionId(random?: RandomBytes): string {
  return `q_${randomString(ALPHANUMERIC, 10, random)}`;
}
