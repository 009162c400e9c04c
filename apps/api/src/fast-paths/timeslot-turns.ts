import type { Caller } from "../auth/caller.ts";
import type { SaleSlot, SaleTurns } from "../services/book-timeslot.ts";
import { SerialByKey } from "../services/serial-by-key.ts";
import { inTurn, type HandedTurn } from "./handed-turn.ts";
import { RecentRefusals } from "./recent-refusals.ts";

/**
 * The turns partner sales take per timeslot on this process, with what the early refusal
 * (early-refusal.ts) keeps beside them. The queue (SerialByKey) keeps pooled connections free
 * and lets each sale read the timeslot after the one before it has sold; it has no switch. The
 * hints of contended timeslots are kept whatever the switch, and read only by the early refusal:
 * with `EARLY_REFUSALS=off` nothing reads them and the edge hands no turn. One per server
 * (`Services.saleTurns`): the booking service and OCTO's reservation see it only as their
 * `SaleTurns`; the edge uses the rest.
 */
export class TimeslotTurns implements SaleTurns {
  readonly #queue = new SerialByKey();
  readonly #contended = new RecentRefusals();
  /** By the request's caller, of which there is one per request (http/gate.ts): how its procedure finds its turn. */
  readonly #handed = new WeakMap<Caller, HandedTurn>();

  run<T>(caller: Caller, slot: SaleSlot, sale: () => Promise<T>): Promise<T> {
    // Contended here (another attempt queued or running): the next attempts queue, and are
    // refused when it comes to that, at the REST edge.
    if (this.#queue.busy(slot.key)) this.noteContended(slot);
    return inTurn(this.#queue, this.#handed.get(caller), slot.key, sale);
  }

  noteContended(slot: SaleSlot): void {
    if (slot.partner === undefined) return;
    const { asked } = slot;
    this.#contended.add(RecentRefusals.key(slot.partner, asked.ActivityID, asked.Date, asked.Time));
  }

  /** Whether a booking request (its partner segment and body as sent) names a timeslot lately seen contended. */
  contended(partner: string, activityId: unknown, date: unknown, time: unknown): boolean {
    return this.#contended.has(RecentRefusals.key(partner, activityId, date, time));
  }

  /** Waits for the timeslot's turn and keeps it until the returned function is called (SerialByKey.take). */
  take(key: string): Promise<() => void> {
    return this.#queue.take(key);
  }

  /** Keeps a turn the edge holds for the procedure of the request `caller` sends (hand-turn.ts). */
  hand(caller: Caller, turn: HandedTurn): void {
    this.#handed.set(caller, turn);
  }

  /** The turn handed to the request `caller` sends, if one was. */
  handedTo(caller: Caller): HandedTurn | undefined {
    return this.#handed.get(caller);
  }

  /** How many sales of the timeslot are queued or running, turns held included: what a rush has piled up. */
  pending(key: string): number {
    return this.#queue.pending(key);
  }
}
