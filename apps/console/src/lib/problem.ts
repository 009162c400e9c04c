import { TRPCClientError } from "@trpc/client";

import type { AppRouter } from "@slotwise/api/router";

type ApiError = TRPCClientError<AppRouter>;
/** The API's problem description, as its error formatter puts it on every tRPC error. */
type ApiProblem = NonNullable<ApiError["shape"]>["problem"];

function isApiError(error: unknown): error is ApiError {
  return error instanceof TRPCClientError;
}

function problemOf(error: unknown): ApiProblem | undefined {
  return isApiError(error) ? error.shape?.problem : undefined;
}

/** What to tell the operator: the API's own problem detail, which never leaks internals. */
export function problemMessage(error: unknown): string {
  const problem = problemOf(error);
  if (problem) return problem.detail;
  if (isApiError(error)) return "The API could not be reached. Check that it is running and try again.";
  return error instanceof Error ? error.message : "Something went wrong";
}

export function problemStatus(error: unknown): number | undefined {
  return problemOf(error)?.status;
}

/** Field errors of a 422, by field path, for showing next to the inputs. */
export function fieldProblems(error: unknown): Record<string, string> {
  const errors = problemOf(error)?.extra.errors ?? [];
  return Object.fromEntries(errors.map((e) => [e.field, e.message]));
}
