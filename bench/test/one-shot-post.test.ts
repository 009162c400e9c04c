import { createServer, type AddressInfo, type Server } from "node:net";

import { afterEach, expect, test } from "vitest";

import { freePort } from "@slotwise/db/testing";

import { oneShotPoster } from "../src/one-shot-post.ts";

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((resolve) =>
          s.close(() => {
            resolve();
          }),
        ),
    ),
  );
});

/** A real socket server that answers every request with `answer` (raw bytes), or never when null. */
async function rawServer(answer: string | null, closeAfter = false): Promise<string> {
  const server = createServer((socket) => {
    socket.once("data", () => {
      if (answer === null) return;
      socket.write(answer);
      if (closeAfter) socket.end();
    });
    socket.on("error", () => undefined);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/booking`;
}

const json = { "content-type": "application/json" };

test("an answer with Content-Length resolves with its status once its body is in", async () => {
  const url = await rawServer('HTTP/1.1 201 Created\r\nContent-Length: 11\r\n\r\n{"data":{}}');
  const { post, close } = oneShotPoster();
  await expect(post(url, json, "{}")).resolves.toBe(201);
  await close();
});

test("an answer without Content-Length is read to the end of the stream", async () => {
  const url = await rawServer("HTTP/1.1 409 Conflict\r\nConnection: close\r\n\r\n{}", true);
  const { post, close } = oneShotPoster();
  await expect(post(url, json, "{}")).resolves.toBe(409);
  await close();
});

test("a chunked answer is refused, not misread", async () => {
  const url = await rawServer("HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n");
  const { post, close } = oneShotPoster();
  await expect(post(url, json, "{}")).rejects.toThrow(/chunked/);
  await close();
});

test("a server that never answers is given up on after the idle timeout", async () => {
  const url = await rawServer(null);
  const { post, close } = oneShotPoster(200);
  const started = performance.now();
  await expect(post(url, json, "{}")).rejects.toThrow(/nothing from .* for 200 ms/);
  expect(performance.now() - started).toBeLessThan(5_000);
  await close();
});

test("a refused connection is an error", async () => {
  const port = await freePort();
  const { post, close } = oneShotPoster();
  await expect(post(`http://127.0.0.1:${port}/booking`, json, "{}")).rejects.toThrow(/ECONNREFUSED/);
  await close();
});

test("a connection closed before a whole answer is an error", async () => {
  const url = await rawServer("HTTP/1.1 201 Created\r\nContent-Length: 100\r\n\r\n{", true);
  const { post, close } = oneShotPoster();
  await expect(post(url, json, "{}")).rejects.toThrow(/closed before a whole answer/);
  await close();
});

test("only plain http URLs with a port are spoken to", async () => {
  const { post, close } = oneShotPoster();
  await expect(post("https://127.0.0.1:1/booking", json, "{}")).rejects.toThrow(/not a plain http URL/);
  await expect(post("http://127.0.0.1/booking", json, "{}")).rejects.toThrow(/not a plain http URL/);
  await close();
});
