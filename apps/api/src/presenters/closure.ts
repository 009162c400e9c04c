import type { ClosureView } from "./closure-schema.ts";

export function presentClosure(closure: {
  id: number;
  from: string;
  to: string;
  reason: string;
  affected: string[];
}): ClosureView {
  return {
    ID: closure.id,
    From: closure.from,
    To: closure.to,
    Reason: closure.reason,
    AffectedBookings: closure.affected,
  };
}
