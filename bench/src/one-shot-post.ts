import { connect, type Socket } from "node:net";

const HEAD_END = "\r\n\r\n";

/**
 * One HTTP/1.1 POST on a connection of its own, resolved with the status once the whole answer
 * (by its Content-Length) is in; the connection is left open until `close`, as a kept-alive
 * client's would be.
 *
 * Why not a library: the contention phase opens 1,000 connections at once on the two cores the
 * API and PostgreSQL use, so the client's own CPU is part of what the figure measures. Per rush
 * of 1,000 the bench process spent 300-550 ms of CPU with undici's request(), 450-510 ms with
 * node:http, 300-370 ms with autocannon and 370-640 ms with fetch, against 150-210 ms here
 * (bench/analysis.md, eleventh session). It speaks only what the API answers a booking with:
 * a status line, headers with Content-Length, a body; anything else is an error, not a guess.
 */
export function oneShotPoster() {
  const sockets: Socket[] = [];
  const post = (url: string, headers: Record<string, string>, body: string) =>
    new Promise<number>((resolve, reject) => {
      const { hostname, port, pathname, search, host } = new URL(url);
      const lines = Object.entries({ host, ...headers, "content-length": String(Buffer.byteLength(body)) }).map(
        ([name, value]) => `${name}: ${value}\r\n`,
      );
      const socket = connect(Number(port), hostname);
      sockets.push(socket);
      socket.setNoDelay(true);
      let received = "";
      let settled = false;
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        reject(error);
      };
      socket.on("error", fail);
      socket.on("close", () => {
        fail(new Error(`connection closed before a whole answer to ${url}`));
      });
      socket.on("data", (chunk: Buffer) => {
        received += chunk.toString("latin1");
        const headEnd = received.indexOf(HEAD_END);
        if (headEnd < 0 || settled) return;
        const head = received.slice(0, headEnd);
        const status = /^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1];
        const length = /\r\ncontent-length: *(\d+)\r?$/im.exec(head)?.[1];
        if (status === undefined || length === undefined) {
          fail(new Error(`not an answer this client reads: ${JSON.stringify(head.slice(0, 200))}`));
          return;
        }
        // Read as latin1, one character per byte: lengths in characters are lengths in bytes.
        if (received.length - headEnd - HEAD_END.length < Number(length)) return;
        settled = true;
        resolve(Number(status));
      });
      socket.write(`POST ${pathname}${search} HTTP/1.1\r\n${lines.join("")}\r\n${body}`);
    });
  const close = () => {
    for (const socket of sockets) socket.destroy();
    return Promise.resolve();
  };
  return { post, close };
}
