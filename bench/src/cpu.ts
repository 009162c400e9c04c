import { readFile } from "node:fs/promises";

/** Clock ticks of /proc/<pid>/stat are 10 ms. */
const CLOCK_TICK_MS = 10;

/** The fields of /proc/<pid>/stat after the command name, the state (3rd field) first. */
async function statFields(pid: number): Promise<string[]> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/**
 * CPU time (user + system) a process has used so far, in milliseconds, from /proc (Linux); with
 * `withEnded`, that of its children that have ended too.
 */
export async function cpuMs(pid: number, withEnded = false): Promise<number> {
  const fields = await statFields(pid);
  // Counted from the state (3rd field): utime is the 14th, stime 15th, cutime 16th, cstime 17th.
  const ticks = (n: number) => Number(fields[n - 3]);
  return (ticks(14) + ticks(15) + (withEnded ? ticks(16) + ticks(17) : 0)) * CLOCK_TICK_MS;
}

/** The process's parent's id. */
export async function parentPid(pid: number): Promise<number> {
  return Number((await statFields(pid))[1]);
}
