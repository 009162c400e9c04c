import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

/** Parent pid and state of a process, from /proc (Linux), or null once it is gone. */
async function processInfo(pid: number): Promise<{ parent: number; state: string } | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    // "pid (comm) state ppid …": comm may contain spaces and parentheses, so read after its last ")".
    const [state = "", parent = "0"] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { parent: Number(parent), state };
  } catch {
    return null;
  }
}

async function childrenOf(pid: number): Promise<number[]> {
  const pids = (await readdir("/proc")).filter((name) => /^\d+$/.test(name)).map(Number);
  const infos = await Promise.all(pids.map(async (p) => [p, await processInfo(p)] as const));
  return infos.filter(([, info]) => info?.parent === pid).map(([p]) => p);
}

/** Dead means gone, or a zombie nobody has reaped yet: it holds no file or shared memory any more. */
async function isDead(pid: number): Promise<boolean> {
  const info = await processInfo(pid);
  return info === null || info.state === "Z";
}

/**
 * Kills the PostgreSQL cluster of `dataDir` the hard way: SIGKILL to the postmaster (its pid is
 * the first line of `postmaster.pid`) and at once to every process it had started (backends,
 * WAL writer, checkpointer), so nothing gets to write another byte. The postmaster is frozen
 * first so that it starts no new backend while they are listed. Resolves once all are dead.
 */
export async function killPostgres(dataDir: string): Promise<void> {
  const postmaster = Number((await readFile(join(dataDir, "postmaster.pid"), "utf8")).split("\n")[0]);
  process.kill(postmaster, "SIGSTOP");
  const children = await childrenOf(postmaster);
  for (const pid of [postmaster, ...children]) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  const deadline = Date.now() + 10_000;
  for (const pid of [postmaster, ...children]) {
    while (!(await isDead(pid))) {
      if (Date.now() > deadline) throw new Error(`PostgreSQL process ${pid} survived SIGKILL`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}
