/** An attempt still unanswered after this long makes its endpoint slow. */
export const SLOW_ATTEMPT_MS = 1_000;
/** How long a quick answer vouches for its endpoint. */
const VOUCHED_FOR_MS = 60_000;

/**
 * Which endpoints answer quickly, as this worker has seen: the last attempt that ended was
 * delivered within SLOW_ATTEMPT_MS, less than a minute ago, and none of its attempts in flight
 * has waited longer than that. Their deliveries are not counted in, nor kept out by, their
 * operator's share: another endpoint of the same operator that is slow or dead delays only
 * itself. An endpoint not yet heard from, or slow, or failing, is counted in its operator's share.
 */
export function responsiveEndpoints(now: () => number = () => performance.now()) {
  const answeredQuickly = new Map<number, number>();
  const started = new Map<number, { endpointId: number; at: number }>();
  return {
    isResponsive(endpointId: number): boolean {
      const at = answeredQuickly.get(endpointId);
      const t = now();
      if (at === undefined || t - at > VOUCHED_FOR_MS) return false;
      for (const attempt of started.values())
        if (attempt.endpointId === endpointId && t - attempt.at > SLOW_ATTEMPT_MS) return false;
      return true;
    },
    started(deliveryId: number, endpointId: number): void {
      started.set(deliveryId, { endpointId, at: now() });
    },
    ended(deliveryId: number, delivered: boolean): void {
      const attempt = started.get(deliveryId);
      started.delete(deliveryId);
      if (!attempt) return;
      const t = now();
      if (delivered && t - attempt.at <= SLOW_ATTEMPT_MS) answeredQuickly.set(attempt.endpointId, t);
      else answeredQuickly.delete(attempt.endpointId);
    },
  };
}
