import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** How long requests may still take once shutdown begins before their connections are cut. */
export const DRAIN_GRACE_MS = 10_000;

/**
 * Shutdown that answers every request it has started, and that one client cannot hold open.
 *
 * Node starts a request pipelined behind another as soon as it has read it, and queues its
 * answer. Answering the first with `Connection: close` would drop that queued answer of a request
 * already carried out (a booking made, its 201 never sent). So only a connection's last
 * request in hand is answered with `Connection: close`, and a connection that falls idle while
 * closing is ended by the server.
 *
 * A connection whose request never completes (headers or body sent a byte at a time) would
 * hold the process until Node's request timeout. After the grace period the connections with
 * no whole request in hand are cut: nothing of theirs has started. Those still working on one
 * get as long again, then everything is cut, well before a supervisor's kill, so the process
 * still saves what it must on the way out.
 */
export class ConnectionDrain {
  #open = new Set<Socket>();
  #inHand = new Map<Socket, Set<IncomingMessage>>();
  #closing = false;
  #cuts: NodeJS.Timeout[] = [];

  constructor(private readonly graceMs = DRAIN_GRACE_MS) {}

  get closing(): boolean {
    return this.#closing;
  }

  /** Keeps track of the server's connections, for the cut. */
  watch(server: Server): void {
    server.on("connection", (socket: Socket) => {
      this.#open.add(socket);
      socket.once("close", () => {
        this.#open.delete(socket);
        this.#inHand.delete(socket);
      });
    });
  }

  /** Counts the request as in hand on its connection until its answer is done. */
  track(req: IncomingMessage, res: ServerResponse): void {
    const socket = req.socket;
    const inHand = this.#inHand.get(socket) ?? new Set<IncomingMessage>();
    this.#inHand.set(socket, inHand.add(req));
    res.once("close", () => {
      inHand.delete(req);
      if (inHand.size === 0 && this.#closing) socket.end();
    });
  }

  /** Whether the answer to `req` should close its connection: closing, and nothing after it in hand. */
  closesConnection(req: IncomingMessage): boolean {
    return this.#closing && (this.#inHand.get(req.socket)?.size ?? 0) <= 1;
  }

  begin(): void {
    this.#closing = true;
    const cut = (spare: (socket: Socket) => boolean) => () => {
      for (const socket of this.#open) if (!spare(socket)) socket.destroy();
    };
    const working = (socket: Socket) => [...(this.#inHand.get(socket) ?? [])].some((req) => req.complete);
    this.#cuts = [
      setTimeout(cut(working), this.graceMs),
      setTimeout(
        cut(() => false),
        2 * this.graceMs,
      ),
    ];
    for (const timer of this.#cuts) timer.unref();
  }

  end(): void {
    for (const timer of this.#cuts) clearTimeout(timer);
  }
}
