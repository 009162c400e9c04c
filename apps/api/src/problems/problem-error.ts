import type { Problem } from "./problem.ts";

/** An error that already knows its problem: a refusal worded at one edge and carried through another. */
export class ProblemError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail);
    this.name = "ProblemError";
  }
}
