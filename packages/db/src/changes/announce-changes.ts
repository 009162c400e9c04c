import pg from "pg";

import { CHANGES_CHANNEL } from "./listen-for-changes.ts";

export interface ChangeAnnouncer {
  /** Tells every process listening that `topic` changed; call it after the change has committed. */
  announce(topic: string): void;
  close(): Promise<void>;
}

/**
 * Announces changes after their commit, on a connection of its own: the topics named while one
 * announcement is on its way go out together in the next. Its transactions only NOTIFY, so
 * they commit without waiting for a disk flush (`synchronous_commit = off`): the NOTIFY lock
 * is held for microseconds, and a booking's durable commit never waits for it. An
 * announcement lost with a connection or a crash is made good by the change log (see
 * listenForChanges), so a failure here is only reported.
 */
export function changeAnnouncer(connectionString: string, onError: (error: unknown) => void): ChangeAnnouncer {
  const pool = new pg.Pool({ connectionString, max: 1, options: "-c synchronous_commit=off" });
  pool.on("error", onError);
  let waiting = new Set<string>();
  let sending: Promise<void> | null = null;

  async function send(): Promise<void> {
    while (waiting.size > 0) {
      const topics = [...waiting];
      waiting = new Set();
      try {
        await pool.query("SELECT pg_notify($1, topic) FROM unnest($2::text[]) AS topic", [CHANGES_CHANNEL, topics]);
      } catch (error) {
        onError(error);
      }
    }
    sending = null;
  }

  return {
    announce(topic) {
      waiting.add(topic);
      sending ??= send();
    },
    async close() {
      await sending;
      await pool.end();
    },
  };
}
