import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** How long requests still in flight may take once shutdown begins; then their connections are cut. */
export const DRAIN_GRACE_MS = 10_000;

/**
 * Shutdown that answers every request it has started, and that one client cannot hold open.
 *
 * Node starts a request pipelined behind another as soon as it has read it, and queues its
 * answer. Answering the first with `Connection: close` dropped that queued answer of a request
 * already carried out (a booking made, its 201 never sent: attack). So only a connection's last
 * request in hand is answered with `Connection: close`, and a connection that falls idle while
 * closing is ended by the server. A connection whose request never completes (a client sending
 * its headers or body a byte at a time) is cut after the grace period, well before a supervisor's
 * kill, so the process still saves what it must on the way out.
 */
export class ConnectionDrain {
  #inHand = new WeakMap<Socket, number>();
  #closing = false;
  #cut: NodeJS.Timeout | undefined;

  constructor(private readonly graceMs = DRAIN_GRACE_MS) {}

  get closing(): boolean {
    return this.#closing;
  }

  /** Counts the request as in hand on its connection until its answer is done. */
  track(req: IncomingMessage, res: ServerResponse): void {
    const socket = req.socket;
    this.#inHand.set(socket, (this.#inHand.get(socket) ?? 0) + 1);
    res.once("close", () => {
      const left = (this.#inHand.get(socket) ?? 1) - 1;
      this.#inHand.set(socket, left);
      if (left === 0 && this.#closing) socket.end();
    });
  }

  /** Whether the answer to `req` should close its connection: closing, and nothing after it in hand. */
  closesConnection(req: IncomingMessage): boolean {
    return this.#closing && (this.#inHand.get(req.socket) ?? 0) <= 1;
  }

  begin(server: Server): void {
    this.#closing = true;
    this.#cut = setTimeout(() => {
      server.closeAllConnections();
    }, this.graceMs);
    this.#cut.unref();
  }

  end(): void {
    clearTimeout(this.#cut);
  }
}
