import type { ClosureRecord } from "@slotwise/db";

import type { ClosureView } from "./closure-schema.ts";

/** A closure with the references of the confirmed and held bookings on its dates. */
export function presentClosure(closure: ClosureRecord & { affected: string[] }): ClosureView {
  return {
    ID: closure.id,
    From: closure.from,
    To: closure.to,
    Reason: closure.reason,
    AffectedBookings: closure.affected,
  };
}
