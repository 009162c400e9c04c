import type { SerialByKey } from "../services/serial-by-key.ts";

/** How a turn handed from the REST edge to a booking's procedure ended (`slotwise_handed_turns_total`). */
export type TurnEnd = "sale" | "unclaimed" | "closed" | "time-limit";

/**
 * The last resort for a handed turn. It ends with its procedure's sale, or when the request is
 * answered without one, or when its connection closes; this limit is for whatever else might
 * keep a procedure from ever running or ending, because while the turn is held every other
 * booking of the timeslot on this process waits. From the edge to the end of a sale takes
 * milliseconds, tens of them in a rush on a loaded host: 2 s does not cut a sale short, and
 * if it ever does, nothing is oversold (the conditional UPDATE decides), the next waiter only
 * reads before that sale has ended.
 */
export const HANDED_TURN_LIMIT_MS = 2_000;

/**
 * A timeslot's turn (`SerialByKey.take`) that the REST edge holds for one request, for its
 * procedure to sell in without queueing again. It ends once: the first `end` releases it and
 * says how; any later one is harmless.
 */
export class HandedTurn {
  readonly #key: string;
  readonly #release: () => void;
  readonly #ended: (how: TurnEnd) => void;
  readonly #timer: NodeJS.Timeout;
  #claimed = false;
  #done = false;

  constructor(key: string, release: () => void, ended: (how: TurnEnd) => void, limitMs = HANDED_TURN_LIMIT_MS) {
    this.#key = key;
    this.#release = release;
    this.#ended = ended;
    this.#timer = setTimeout(() => {
      this.end("time-limit");
    }, limitMs);
    this.#timer.unref();
  }

  /** Whether the caller may run its task for `key` in this turn: once, for this key, while held. */
  claim(key: string): boolean {
    if (this.#done || this.#claimed || key !== this.#key) return false;
    this.#claimed = true;
    return true;
  }

  /**
   * Ends the turn if its procedure never took it: a request answered or gone before its sale.
   * A turn taken ends with its sale only (or the time limit): a client that leaves mid-sale
   * must not let the next waiters read before that sale has ended.
   */
  abandon(how: "unclaimed" | "closed"): void {
    if (!this.#claimed) this.end(how);
  }

  end(how: TurnEnd): void {
    if (this.#done) return;
    this.#done = true;
    clearTimeout(this.#timer);
    this.#release();
    this.#ended(how);
  }
}

/**
 * Runs `task` in `key`'s turn: the one handed to this request when it is still held and for
 * this key (queueing again would wait behind itself), ended with the task; a new one in the
 * queue otherwise, and then a handed turn it cannot use ends at once.
 */
export function inTurn<T>(
  queue: SerialByKey,
  handed: HandedTurn | undefined,
  key: string,
  task: () => Promise<T>,
): Promise<T> {
  if (handed?.claim(key)) {
    return task().finally(() => {
      handed.end("sale");
    });
  }
  handed?.abandon("unclaimed");
  return queue.run(key, task);
}
