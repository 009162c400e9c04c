import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, expect, test } from "vitest";

import { load } from "../src/load.ts";

let server: Server;
let base: string;

beforeAll(async () => {
  // Odd-numbered requests are sold, even ones refused, as a booking route would answer.
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      const { n } = JSON.parse(Buffer.concat(chunks).toString()) as { n: number };
      response.writeHead(n % 2 ? 201 : 409, { "content-type": "application/json" });
      response.end(JSON.stringify({ data: { ID: n } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) =>
      server.close(() => {
        resolve();
      }),
    ),
);

test("each answer is read with the body its request was built with, and latencies come by status", async () => {
  let n = 0;
  const pairs: [number, number, number][] = [];
  const result = await load({
    url: `${base}/book`,
    method: "POST",
    connections: 4,
    seconds: 1,
    body: (context) => {
      context.n = ++n;
      return JSON.stringify({ n });
    },
    onAnswer: (status, body, context) => {
      pairs.push([status, (JSON.parse(body) as { data: { ID: number } }).data.ID, context.n as number]);
    },
  });
  expect(result.requests).toBeGreaterThan(10);
  expect(pairs.length).toBe(result.requests);
  for (const [status, id, sent] of pairs) {
    expect(id).toBe(sent);
    expect(status).toBe(id % 2 ? 201 : 409);
  }
  const sold = pairs.filter(([status]) => status === 201).length;
  expect(result.latencyByStatus?.["2xx"]?.count).toBe(sold);
  expect(result.latencyByStatus?.["4xx"]?.count).toBe(pairs.length - sold);
  expect(result.statuses["2xx"]).toBe(sold);
});
