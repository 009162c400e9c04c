import { connect } from "node:net";

import { describe, expect, it } from "vitest";

import { OTA, PROBLEMS_BASE, startApi } from "./harness.ts";

/** Everything the server sends on one connection until it closes it. */
function readUntilClosed(socket: ReturnType<typeof connect>): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      text += chunk;
    });
    socket.on("end", () => {
      resolve(text);
    });
    socket.on("error", reject);
  });
}

/** Resolves once nothing accepts connections on `port` any more. */
async function refused(port: number): Promise<void> {
  for (;;) {
    const accepted = await new Promise<boolean>((resolve) => {
      const probe = connect(port, "127.0.0.1");
      probe.once("connect", () => {
        probe.destroy();
        resolve(true);
      });
      probe.once("error", () => {
        resolve(false);
      });
    });
    if (!accepted) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("an API process shutting down", () => {
  it("answers a request it was still receiving when it began to shut down with a 503 problem document, even one it keeps an answer for", async () => {
    const api = await startApi();
    const key = await api.key();
    const path = `${OTA}/products`;
    // The second is answered from the kept answers, as the late one below would be.
    for (let i = 0; i < 2; i++) expect((await api.request(path, { key })).status).toBe(200);
    const { port } = new URL(api.base);
    const socket = connect(Number(port), "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", resolve));
    const received = readUntilClosed(socket);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
    const closed = api.close();
    // The listener closes once the preClose hooks have run: from then on the server is closing.
    await refused(Number(port));
    socket.write(`Authorization: Bearer ${key}\r\nX-Request-Id: too-late\r\n\r\n`);
    const text = await received;
    await closed;
    const [head = "", body = ""] = text.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head).toMatch(/\r\nx-request-id: too-late\r\n/i);
    expect(head).toMatch(/\r\ncontent-type: application\/problem\+json/i);
    expect(head).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(body)).toEqual({
      type: `${PROBLEMS_BASE}/unavailable`,
      title: "Service Unavailable",
      status: 503,
      detail: "This API process is shutting down: send the request again, another one will answer it",
      instance: path,
    });
  });
});
