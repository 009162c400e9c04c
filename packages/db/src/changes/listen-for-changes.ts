import pg from "pg";

import { changeLogPosition, readChangeLog, type ChangeLogPosition } from "./read-change-log.ts";

/** The channel changes are announced on: by triggers in their commit, and by API processes after theirs. */
export const CHANGES_CHANNEL = "slotwise_changes";
/** How the listening connections name themselves in `pg_stat_activity`. */
export const CHANGES_LISTENER_NAME = "slotwise-changes";

export interface ChangeHandlers {
  /** A committed change: `product:12`, `timeslots:12`, `products:3` (an operator's list), `api-key:<hash>`. */
  onChange(topic: string): void;
  /** Changes may have been missed (connection lost): drop everything cached. */
  onGap(): void;
  /** Listening again: caching may resume. */
  onLive(): void;
}

export interface ChangeFeed {
  close(): Promise<void>;
}

export interface ChangeFeedOptions {
  retryMs?: number;
  /** How often the change log is read when no announcement has come (see migration `timeslot_change_log`). */
  pollMs?: number;
}

/**
 * Hears every committed change, on a connection of its own, reconnecting after a failure:
 * the announcements on CHANGES_CHANNEL, and the change log, read whenever an announcement
 * comes and every `pollMs`. An announcement is passed on only after a read of the log that
 * started after it arrived, so whoever hears a topic announced now has heard every change
 * committed before it, logged or announced. Between a failure and the next successful LISTEN,
 * `onGap` has told the owner that it hears nothing.
 */
export function listenForChanges(
  connectionString: string,
  handlers: ChangeHandlers,
  { retryMs = 1_000, pollMs = 1_000 }: ChangeFeedOptions = {},
): ChangeFeed {
  let client: pg.Client | null = null;
  let position: ChangeLogPosition | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let poll: NodeJS.Timeout | undefined;
  let reading = false;
  /** Reads asked for so far: one asked for while another runs is run after it. */
  let asked = 0;
  let heard: string[] = [];

  const lost = () => {
    handlers.onGap();
    const dead = client;
    client = null;
    position = null;
    heard = [];
    clearInterval(poll);
    dead?.removeAllListeners();
    void dead?.end().catch(() => undefined);
    if (!closed) retry = setTimeout(reconnect, retryMs);
  };

  /** Reads the log, then passes on what it held and the announcements heard before the read began. */
  async function read(): Promise<void> {
    asked++;
    if (reading) return;
    reading = true;
    try {
      let served = 0;
      while (served < asked) {
        served = asked;
        const current = client;
        if (!current || !position) return;
        const announced = heard;
        heard = [];
        const next = await readChangeLog(current, position);
        if (client !== current) return;
        position = next.position;
        for (const topic of next.topics) handlers.onChange(topic);
        for (const topic of announced) handlers.onChange(topic);
      }
    } catch {
      if (client) lost();
    } finally {
      reading = false;
    }
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString, application_name: CHANGES_LISTENER_NAME });
    // Failures while connecting are the catch's to handle; after that, the connection's.
    next.on("error", () => {
      if (client === next) lost();
    });
    next.on("end", () => {
      if (client === next) lost();
    });
    next.on("notification", (message) => {
      if (message.channel !== CHANGES_CHANNEL || !message.payload) return;
      heard.push(message.payload);
      if (client === next) void read();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
      // After LISTEN: every change from here on is either announced or in the log past this position.
      const start = await changeLogPosition(next);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      position = start;
      poll = setInterval(() => void read(), pollMs).unref();
      handlers.onLive();
      void read();
    } catch {
      next.removeAllListeners();
      void next.end().catch(() => undefined);
      if (!closed) retry = setTimeout(reconnect, retryMs);
    }
  }

  function reconnect(): void {
    void connect();
  }

  handlers.onGap();
  void connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      clearInterval(poll);
      const current = client;
      client = null;
      current?.removeAllListeners();
      await current?.end().catch(() => undefined);
    },
  };
}
