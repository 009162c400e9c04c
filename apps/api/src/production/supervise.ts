import { spawn, type ChildProcess } from "node:child_process";

import type { Logger } from "pino";

export interface Role {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
}

const FIRST_RESTART_DELAY_MS = 1_000;
const LONGEST_RESTART_DELAY_MS = 30_000;
/** A process that ran this long before it died starts again at once. */
const STEADY_AFTER_MS = 60_000;
const STOP_GRACE_MS = 30_000;

/**
 * Keeps each role's process running: one that dies is started again, after a delay that
 * doubles while it keeps dying young (a bad setting must not spin). `stop` sends SIGTERM to
 * all, lets them finish what is in flight, and kills what is left after 30 s.
 */
export function supervise(roles: readonly Role[], log: Logger): { stop(): Promise<void> } {
  const running = new Map<string, ChildProcess>();
  let stopping = false;

  const start = (role: Role, delayMs: number) => {
    const startedAt = Date.now();
    const child = spawn(role.command, role.args, {
      cwd: role.cwd,
      env: { ...process.env, ...role.env },
      stdio: ["ignore", "inherit", "inherit"],
    });
    running.set(role.name, child);
    log.info({ process: role.name, pid: child.pid }, "started");
    child.on("exit", (code, signal) => {
      running.delete(role.name);
      if (stopping) return;
      const steady = Date.now() - startedAt >= STEADY_AFTER_MS;
      const next = steady ? FIRST_RESTART_DELAY_MS : Math.min(delayMs * 2, LONGEST_RESTART_DELAY_MS);
      log.error({ process: role.name, code, signal, restartInMs: next }, "exited; starting it again");
      // Not unref'd: with every process down, this timer is what keeps the launcher alive.
      setTimeout(() => {
        if (!stopping) start(role, next);
      }, next);
    });
  };
  for (const role of roles) start(role, FIRST_RESTART_DELAY_MS / 2);

  return {
    async stop() {
      stopping = true;
      const exits = [...running.values()].map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) {
              resolve();
              return;
            }
            const killer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
            child.once("exit", () => {
              clearTimeout(killer);
              resolve();
            });
            child.kill("SIGTERM");
          }),
      );
      await Promise.all(exits);
    },
  };
}
