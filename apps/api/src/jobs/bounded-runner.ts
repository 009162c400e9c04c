/**
 * Runs tasks in the background, at most `limit` at once. `start` resolves once the task has a
 * slot (at once, or when a running task ends), so a caller that awaits it is held back instead
 * of queueing work in memory; `drain` waits for every task started.
 */
export function boundedRunner(limit: number) {
  const running = new Set<Promise<void>>();
  return {
    async start(task: () => Promise<void>): Promise<void> {
      while (running.size >= limit) await Promise.race(running);
      const done: Promise<void> = task()
        .catch(() => undefined)
        .finally(() => running.delete(done));
      running.add(done);
    },
    async drain(): Promise<void> {
      await Promise.allSettled([...running]);
    },
  };
}
