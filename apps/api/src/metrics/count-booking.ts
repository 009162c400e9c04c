import type { ProblemKind } from "../problems/problem-kinds.ts";
import { toProblem } from "../problems/to-problem.ts";
import type { ApiMetrics, BookingChannel } from "./api-metrics.ts";

/** The refusals an operator watches by name; any other refusal is `refused_<problem kind>`. */
const REFUSALS: Partial<Record<ProblemKind, string>> = {
  "insufficient-capacity": "refused_capacity",
  "timeslot-unavailable": "refused_unavailable",
};

/** The outcome label of a failed attempt: bounded by the table of problem kinds. */
export function refusalOutcome(error: unknown): string {
  const { status, kind } = toProblem(error);
  if (status >= 500) return "failed";
  return REFUSALS[kind] ?? `refused_${kind.replaceAll("-", "_")}`;
}

/** Runs a booking attempt and counts its outcome: confirmed, held, replayed (an Idempotency-Key repeat) or why not. */
export async function countBooking<T>(
  metrics: ApiMetrics,
  channel: BookingChannel,
  attempt: () => Promise<T>,
  outcome: () => "confirmed" | "held" | "replayed" = () => "confirmed",
): Promise<T> {
  try {
    const result = await attempt();
    metrics.booking(channel, outcome());
    return result;
  } catch (error) {
    metrics.booking(channel, refusalOutcome(error));
    throw error;
  }
}
