import pg from "pg";

/** The channel the change triggers (migration `change_notifications`) announce on. */
export const CHANGES_CHANNEL = "slotwise_changes";

export interface ChangeHandlers {
  /** A committed change: `product:12`, `products:3` (an operator's list), `api-key:<hash>`. */
  onChange(topic: string): void;
  /** Notifications may have been missed (connection lost): drop everything cached. */
  onGap(): void;
  /** Listening again: caching may resume. */
  onLive(): void;
}

export interface ChangeFeed {
  close(): Promise<void>;
}

/**
 * LISTENs on a connection of its own, reconnecting after a failure. Between a failure and
 * the next successful LISTEN, `onGap` has told the owner that it hears nothing.
 */
export function listenForChanges(connectionString: string, handlers: ChangeHandlers, retryMs = 1_000): ChangeFeed {
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const lost = () => {
    handlers.onGap();
    const dead = client;
    client = null;
    dead?.removeAllListeners();
    void dead?.end().catch(() => undefined);
    if (!closed) timer = setTimeout(reconnect, retryMs);
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString });
    // Failures while connecting are the catch's to handle; after that, the connection's.
    next.on("error", () => {
      if (client === next) lost();
    });
    next.on("end", () => {
      if (client === next) lost();
    });
    next.on("notification", (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload) handlers.onChange(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      handlers.onLive();
    } catch {
      next.removeAllListeners();
      void next.end().catch(() => undefined);
      if (!closed) timer = setTimeout(reconnect, retryMs);
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
      clearTimeout(timer);
      const current = client;
      client = null;
      current?.removeAllListeners();
      await current?.end().catch(() => undefined);
    },
  };
}
