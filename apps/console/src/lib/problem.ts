import { TRPCClientError } from "@trpc/client";

export interface FieldProblem {
  field: string;
  message: string;
}

interface ProblemShape {
  problem?: { status: number; detail: string; extra?: { errors?: FieldProblem[] } };
}

function shapeOf(error: unknown): ProblemShape["problem"] {
  return error instanceof TRPCClientError ? (error.shape as ProblemShape | undefined)?.problem : undefined;
}

/** What to tell the operator: the API's own problem detail, which never leaks internals. */
export function problemMessage(error: unknown): string {
  const problem = shapeOf(error);
  if (problem) return problem.detail;
  if (error instanceof TRPCClientError) return "The API could not be reached. Check that it is running and try again.";
  return error instanceof Error ? error.message : "Something went wrong";
}

export function problemStatus(error: unknown): number | undefined {
  return shapeOf(error)?.status;
}

/** Field errors of a 422, by field path, for showing next to the inputs. */
export function fieldProblems(error: unknown): Record<string, string> {
  const errors = shapeOf(error)?.extra?.errors ?? [];
  return Object.fromEntries(errors.map((e) => [e.field, e.message]));
}
