import { readFile } from "node:fs/promises";
import { cpus } from "node:os";
import { setTimeout as delay } from "node:timers/promises";

/** Share of the machine's CPU time not idle below which it counts as quiet. */
const QUIET_SHARE = 0.1;
/** How long the machine is watched at a time. */
const WINDOW_MS = 500;

/**
 * The machine's CPU time so far (/proc/stat, Linux), and how much of it was not idle: waiting on
 * the disk and time taken by the hypervisor count as busy, as a checkpoint or autovacuum writing
 * is work a measurement would share the machine with.
 */
async function cpuTime(): Promise<{ busy: number; total: number }> {
  const stat = await readFile("/proc/stat", "utf8").catch(() => null);
  if (stat === null) return cpuTimeWithoutDiskWaits();
  const line = stat.split("\n", 1)[0] ?? "";
  const [, ...fields] = line.trim().split(/\s+/);
  // user nice system idle iowait irq softirq steal (guest time is counted in user already)
  const ticks = fields.slice(0, 8).map(Number);
  const total = ticks.reduce((sum, t) => sum + t, 0);
  return { busy: total - (ticks[3] ?? 0), total };
}

/** Where there is no /proc/stat: Node's CPU times, which leave disk waits out. */
function cpuTimeWithoutDiskWaits(): { busy: number; total: number } {
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
 * Waits until the machine is quiet for a window (what an earlier phase left to the worker, to
 * PostgreSQL's autovacuum or checkpointer, is done), at most `limitMs`. A measurement timed on
 * top of another's backlog measures both. Returns how long it waited and whether quiet came.
 */
export async function untilQuiet(limitMs: number): Promise<{ waitedMs: number; quiet: boolean }> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    const before = await cpuTime();
    await delay(WINDOW_MS);
    const after = await cpuTime();
    const share = (after.busy - before.busy) / Math.max(1, after.total - before.total);
    if (share < QUIET_SHARE) return { waitedMs: performance.now() - started, quiet: true };
  }
  return { waitedMs: performance.now() - started, quiet: false };
}
