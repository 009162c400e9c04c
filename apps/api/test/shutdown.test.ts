import { connect } from "node:net";

import { describe, expect, it } from "vitest";

import { bookingBody, openSlot } from "./fixtures.ts";
import { heldRateLimit, OTA, PROBLEMS_BASE, startApi } from "./harness.ts";

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

  it("answers a request pipelined behind the one in flight, then ends the connection", async () => {
    const limiter = heldRateLimit();
    const api = await startApi({ beforeRateLimit: limiter.beforeRateLimit });
    const key = await api.key();
    const { arrived, release } = limiter.next();
    const body = JSON.stringify(
      bookingBody(await openSlot(api.db), {
        Customer: { FirstName: "Pia", LastName: "Pipelined", Email: "pia@example.com", Phone: "+351 912 345 678" },
      }),
    );
    const { port } = new URL(api.base);
    const socket = connect(Number(port), "127.0.0.1");
    const received = readUntilClosed(socket);
    socket.write(
      `GET ${OTA}/products HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n\r\n` +
        `POST ${OTA}/booking HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    await arrived;
    // Node starts the booking while the first request waits: it is carried out before shutdown.
    const booked = () => api.db.booking.count({ where: { customerLastName: "Pipelined" } });
    while ((await booked()) === 0) await new Promise((r) => setTimeout(r, 20));
    const started = Date.now();
    const closed = api.close();
    await refused(Number(port));
    release();
    const text = await received;
    await closed;

    const statuses = [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
    expect(statuses).toEqual([200, 201]);
    expect(text).toContain('"LastName":"Pipelined"');
    expect(await booked()).toBe(1);
    // Ended by the server once its last answer was sent, not by Node's keep-alive timeout (5 s).
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("cuts a connection whose request never completes once the grace period is over, and lets one being carried out finish", async () => {
    const limiter = heldRateLimit();
    // The booking let go after the first cut has one grace period more to finish: a busy machine needs about a second.
    const api = await startApi({ drainGraceMs: 1_000, beforeRateLimit: limiter.beforeRateLimit });
    const key = await api.key();
    const { arrived, release } = limiter.next();
    const { port } = new URL(api.base);
    const open = async () => {
      const socket = connect(Number(port), "127.0.0.1");
      await new Promise<void>((resolve) => socket.once("connect", resolve));
      return { socket, received: readUntilClosed(socket) };
    };
    const body = JSON.stringify(
      bookingBody(await openSlot(api.db), {
        Customer: { FirstName: "Sol", LastName: "Slowpoke", Email: "sol@example.com", Phone: "+351 912 345 678" },
      }),
    );
    const working = await open();
    working.socket.write(
      `POST ${OTA}/booking HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    await arrived;
    const stalled = await open();
    stalled.socket.write(
      `POST ${OTA}/booking HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"Activity`,
    );
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    const closed = api.close();
    // The stalled request is cut after the grace period; the booking is let go after it.
    expect(await stalled.received).toBe("");
    release();
    const answer = await working.received;
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(await api.db.booking.count({ where: { customerLastName: "Slowpoke" } })).toBe(1);
    // Without the cut, Node waits up to its request timeout (300 s) for the rest of the body.
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
