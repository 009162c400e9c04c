import type { ChildProcess } from "node:child_process";

/** Signals a child process and resolves once it has exited; at once if it already has. */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once("exit", () => {
      done();
    });
    child.kill(signal);
  });
}
