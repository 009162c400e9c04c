import type { WaiverQuestion as CoreQuestion, QuestionType as CoreQuestionType } from "@slotwise/core";
import type { WaiverQuestion } from "@slotwise/db";

export function toCoreQuestion(q: WaiverQuestion): CoreQuestion {
  return {
    id: q.id,
    label: q.label,
    type: q.type.toLowerCase() as CoreQuestionType,
    required: q.required,
    options: q.options,
    accept: q.accept,
    maxFileSizeMb: q.maxFileSizeMb,
  };
}

export function presentQuestion(q: WaiverQuestion) {
  const type = q.type.toLowerCase() as CoreQuestionType;
  return {
    ID: q.id,
    Label: q.label,
    Type: type,
    Required: q.required,
    HelpText: q.helpText,
    ...(type === "select" || type === "multiselect" ? { Options: q.options } : {}),
    ...(type === "file"
      ? { Accept: q.accept, ...(q.maxFileSizeMb === null ? {} : { MaxFileSizeMB: q.maxFileSizeMb }) }
      : {}),
  };
}
