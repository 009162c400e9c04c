/**
 * Runs tasks that share a key one after another in this process; different keys run freely.
 * Partner bookings of one timeslot (its only user: the shopfront's and the desk's sales are
 * few and go straight to the row lock) queue on the timeslot's row lock in PostgreSQL anyway:
 * queueing them here instead keeps pooled connections free, and lets each waiter see, before
 * it starts a transaction, that the ones before it sold the last places. A key is kept only
 * while tasks for it are queued or running, so the map never outgrows the requests in flight.
 */
export class SerialByKey {
  readonly #tails = new Map<string, Promise<unknown>>();
  readonly #pending = new Map<string, number>();

  /** Whether a task for `key` is queued or running. */
  busy(key: string): boolean {
    return this.#tails.has(key);
  }

  /** How many tasks for `key` are queued or running (turns taken included): what a rush has piled up. */
  pending(key: string): number {
    return this.#pending.get(key) ?? 0;
  }

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    this.#pending.set(key, this.pending(key) + 1);
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const result = previous.then(task);
    const tail = result.catch(() => undefined);
    this.#tails.set(key, tail);
    void tail.then(() => {
      const left = this.pending(key) - 1;
      if (left === 0) this.#pending.delete(key);
      else this.#pending.set(key, left);
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }

  /**
   * Waits for `key`'s turn and keeps it until the returned function is called (calling it again
   * is harmless). Until then every task for `key` waits: the caller must call it on every path.
   */
  async take(key: string): Promise<() => void> {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await new Promise<void>((started) => {
      void this.run(key, () => {
        started();
        return held;
      });
    });
    return release;
  }
}
