/** After a stop signal, inside the launcher's 30 s before its kill (production/supervise.ts). */
const SHUTDOWN_DEADLINE_MS = 25_000;

/**
 * Gives up on whatever a shutdown still waits for once the deadline has passed, with a line
 * saying so, and exits 1: a background task blocked on a lock keeps its connection, and
 * closing the database waits for it. PostgreSQL rolls back what the process
 * leaves unfinished. The timer is not unref'd: a shutdown waiting on a promise that never
 * settles still ends here, logged, rather than with an exit 0 and steps skipped.
 */
export function giveUpShutdownAfterDeadline(log: { error(fields: object, message: string): void }): void {
  setTimeout(() => {
    log.error({ afterMs: SHUTDOWN_DEADLINE_MS }, "shutdown did not finish in time: exiting with work in flight");
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS);
}
