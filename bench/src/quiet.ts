import { cpus } from "node:os";
import { setTimeout as delay } from "node:timers/promises";

/** Busy share of the machine's CPUs below which it counts as quiet. */
const QUIET_SHARE = 0.1;
/** How long the machine is watched at a time. */
const WINDOW_MS = 500;
/** How long a measurement waits for quiet at most. */
const LIMIT_MS = 120_000;

function busyAndTotal(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus()) {
    const all = times.user + times.nice + times.sys + times.idle + times.irq;
    total += all;
    busy += all - times.idle;
  }
  return { busy, total };
}

/**
 * Waits until the machine's CPUs are quiet for a window (what an earlier phase left to the worker,
 * to PostgreSQL's autovacuum, is done), at most LIMIT_MS. A measurement timed on top of another's
 * backlog measures both. Returns how long it waited and whether quiet came.
 */
export async function untilQuiet(): Promise<{ waitedMs: number; quiet: boolean }> {
  const started = performance.now();
  while (performance.now() - started < LIMIT_MS) {
    const before = busyAndTotal();
    await delay(WINDOW_MS);
    const after = busyAndTotal();
    const share = (after.busy - before.busy) / Math.max(1, after.total - before.total);
    if (share < QUIET_SHARE) return { waitedMs: performance.now() - started, quiet: true };
  }
  return { waitedMs: performance.now() - started, quiet: false };
}
