import { connect, type Socket } from "node:net";

const HEAD_END = "\r\n\r\n";
const CONTENT_LENGTH = /\r\ncontent-length:[ \t]*(\d+)[ \t]*$/im;
/** A connection silent this long is an error: nothing in a rush waits this long. */
const IDLE_TIMEOUT_MS = 30_000;

/**
 * One HTTP/1.1 POST per call, each on a new connection, resolved with the answer's status once
 * its body is in: by Content-Length, or, without one, when the server closes the connection
 * (a chunked answer is refused). The connections stay open until `close`: closing them during
 * the rush would add the API's work of closing to the measured window, which a kept-alive client
 * does not cause. `close` does not wait for the sockets to be gone.
 *
 * Why not a library: the contention phase opens 1,000 connections at once on the two cores the
 * API and PostgreSQL use, so the client's own CPU is part of what the figure measures, and every
 * library client tried spent 1.5 to 3 times this one's.
 * It speaks plain http to a URL with an explicit port, as the bench's API processes have, and
 * gives up on a connection silent for `idleTimeoutMs`.
 */
export function oneShotPoster(idleTimeoutMs = IDLE_TIMEOUT_MS) {
  const sockets: Socket[] = [];
  const post = (url: string, headers: Record<string, string>, body: string) =>
    new Promise<number>((resolve, reject) => {
      const { protocol, hostname, port, pathname, search, host } = new URL(url);
      if (protocol !== "http:" || port === "") throw new Error(`not a plain http URL with a port: ${url}`);
      const lines = Object.entries({ host, ...headers, "content-length": String(Buffer.byteLength(body)) }).map(
        ([name, value]) => `${name}: ${value}\r\n`,
      );
      const socket = connect(Number(port), hostname);
      sockets.push(socket);
      socket.setNoDelay(true);
      let received = "";
      let head: { status: number; bodyStart: number; length: number | null } | null = null;
      let settled = false;
      const settle = (outcome: Error | number) => {
        if (settled) return;
        settled = true;
        socket.setTimeout(0);
        if (typeof outcome === "number") resolve(outcome);
        else reject(outcome);
      };
      socket.setTimeout(idleTimeoutMs, () => {
        settle(new Error(`nothing from ${url} for ${idleTimeoutMs} ms`));
      });
      socket.on("error", settle);
      socket.on("close", () => {
        if (head && head.length === null) settle(head.status);
        else settle(new Error(`connection closed before a whole answer from ${url}`));
      });
      socket.on("data", (chunk: Buffer) => {
        if (settled) return;
        received += chunk.toString("latin1");
        if (!head) {
          const headEnd = received.indexOf(HEAD_END);
          if (headEnd < 0) return;
          const text = received.slice(0, headEnd);
          const status = /^HTTP\/1\.[01] (\d{3}) /.exec(text)?.[1];
          if (status === undefined) {
            settle(new Error(`not an HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
            return;
          }
          if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(text)) {
            settle(new Error(`a chunked answer from ${url}, which this client does not read`));
            return;
          }
          const length = CONTENT_LENGTH.exec(text)?.[1];
          head = {
            status: Number(status),
            bodyStart: headEnd + HEAD_END.length,
            length: length === undefined ? null : Number(length),
          };
        }
        // Read as latin1, one character per byte: lengths in characters are lengths in bytes.
        if (head.length !== null && received.length - head.bodyStart >= head.length) settle(head.status);
      });
      socket.write(`POST ${pathname}${search} HTTP/1.1\r\n${lines.join("")}\r\n${body}`);
    });
  const close = () => {
    for (const socket of sockets) socket.destroy();
    return Promise.resolve();
  };
  return { post, close };
}
