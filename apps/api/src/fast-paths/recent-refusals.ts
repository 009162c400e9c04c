/**
 * Timeslots this process lately saw contended (a partner booking refused, or another attempt
 * queued or running), by the booking request's own words (partner segment, ActivityID, Date,
 * Time as sent, which the input schema does not transform). Only a hint: it decides whether the
 * REST edge tries the early refusal (fast-paths/early-refusal.ts), never what is answered, which the
 * cached read of the timeslot decides. Without it every booking would be parsed twice; with it
 * only those aimed at a timeslot seen refusing are. Bounded: the oldest hint goes first. One per
 * server, in its `TimeslotTurns`: the booking service adds (through `SaleTurns`), the REST edge asks.
 */
export class RecentRefusals {
  readonly #keys = new Set<string>();

  constructor(readonly limit = 1_000) {}

  static key(partner: string, activityId: unknown, date: unknown, time: unknown): string {
    return `${partner}\n${String(activityId)}\n${String(date)}\n${String(time)}`;
  }

  add(key: string): void {
    if (this.#keys.has(key)) return;
    if (this.#keys.size >= this.limit) {
      const [oldest] = this.#keys;
      if (oldest !== undefined) this.#keys.delete(oldest);
    }
    this.#keys.add(key);
  }

  has(key: string): boolean {
    return this.#keys.has(key);
  }
}
