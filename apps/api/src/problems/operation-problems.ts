import { PROBLEM_KINDS, type ProblemKind } from "./problem-kinds.ts";

/** What every keyed REST operation can answer, whatever it does. */
export const KEYED_OPERATION_PROBLEMS = [
  "unauthorized",
  "forbidden",
  "rate-limited",
  "internal",
  "unavailable",
] as const satisfies readonly ProblemKind[];

/** What the HTTP edge answers to any POST before its procedure runs. */
export const POST_BODY_PROBLEMS = [
  "malformed-json",
  "payload-too-large",
  "unsupported-media-type",
] as const satisfies readonly ProblemKind[];

/**
 * The problems a REST operation can answer: the edge's (a key; a POST body; a path parameter
 * that fails its schema is 400 `invalid-parameter`), and those its procedure declares.
 */
export function operationProblems(method: string, path: string, declared: readonly ProblemKind[] = []): ProblemKind[] {
  const edge: ProblemKind[] = [...KEYED_OPERATION_PROBLEMS];
  if (method.toUpperCase() === "POST") edge.push(...POST_BODY_PROBLEMS);
  if (path.includes("{")) edge.push("invalid-parameter");
  return [...new Set<ProblemKind>([...edge, ...declared])];
}

export function statusesOf(kinds: readonly ProblemKind[]): number[] {
  return [...new Set(kinds.map((kind) => PROBLEM_KINDS[kind].status))].sort((a, b) => a - b);
}
