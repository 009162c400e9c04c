import type { FieldError } from "@slotwise/core";

import { PROBLEM_KINDS, type ProblemKind } from "./problem-kinds.ts";

/** Extension members of a problem document (contract section 2). */
export interface ProblemExtensions {
  /** 422 validation: one item per failing field. */
  errors?: readonly FieldError[];
  /** 409 insufficient-capacity: places still free. */
  available?: number;
  /** 409 capacity-below-taken: places already taken. */
  taken?: number;
  /** 409 schedule-overlap: the first start both schedules would make. */
  clash?: { Date: string; Time: string; ScheduleID: number };
}

/** How any failure is told to a client, before it is rendered for REST or /trpc. */
export interface Problem {
  status: number;
  kind: ProblemKind;
  detail: string;
  extra: ProblemExtensions;
}

/** A problem of `kind`: its status comes from the table, never from the caller. */
export function problem(kind: ProblemKind, detail: string, extra: ProblemExtensions = {}): Problem {
  return { status: PROBLEM_KINDS[kind].status, kind, detail, extra };
}
