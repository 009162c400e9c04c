import type { z } from "zod";

import { ValidationError, type FieldError } from "../errors/domain-errors.ts";

/** `["Customer", "Email"]` → `Customer.Email`; `["Answers", 1, "Value"]` → `Answers[1].Value`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, part) => {
    if (typeof part === "number") return `${acc}[${part}]`;
    const name = String(part);
    return acc ? `${acc}.${name}` : name;
  }, "");
}

/**
 * A message written for an item's own field (`QuestionID must …`) names it by its whole path
 * (`Answers[0].QuestionID must …`): a schema for list items cannot know its index.
 */
function messageNaming(field: string, message: string): string {
  const own = /[^.[\]]+$/.exec(field)?.[0] ?? field;
  return own !== field && message.startsWith(`${own} `) ? `${field}${message.slice(own.length)}` : message;
}

export function fieldErrorsOf(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => {
    const field = fieldPath(issue.path);
    return { field, message: messageNaming(field, issue.message) };
  });
}

/** Parses `input` with `schema`, turning a failure into the domain's ValidationError. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationError(fieldErrorsOf(result.error));
  return result.data;
}
