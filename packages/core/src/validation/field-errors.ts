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

export function fieldErrorsOf(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ field: fieldPath(issue.path), message: issue.message }));
}

/** Parses `input` with `schema`, turning a failure into the domain's ValidationError. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationError(fieldErrorsOf(result.error));
  return result.data;
}
