import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll } from "vitest";

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** How a path of the receiver answers its n-th request (1-based); `silent` never answers. */
export type Behaviour = (n: number) => number | "silent";

/**
 * A real HTTP receiver on 127.0.0.1, as a partner would run one: it keeps every request it
 * gets, raw body included, and answers each path as told (200 unless told otherwise). With
 * `closeConnections`, it closes each connection after answering, so every request is a new
 * connection (and a new lookup of the host name).
 */
export async function startReceiver(behaviours: Record<string, Behaviour> = {}, options = { closeConnections: false }) {
  const received: Received[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      const answer = (behaviours[path] ?? (() => 200))(received.filter((r) => r.path === path).length);
      if (answer === "silent") {
        hanging.add(response);
        return;
      }
      response
        .writeHead(answer, {
          "Content-Type": "text/plain",
          ...(options.closeConnections ? { Connection: "close" } : {}),
          // A redirect points at another path of this receiver, which is never asked if it is not followed.
          ...(answer >= 300 && answer < 400 ? { Location: `/redirected${path}` } : {}),
        })
        .end(answer < 300 ? "ok" : "not now");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  afterAll(async () => {
    for (const response of hanging) response.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    url: (path: string) => `${base}${path}`,
    at: (path: string) => received.filter((r) => r.path === path),
  };
}
