import { describe, expect, it } from "vitest";

import { createClient } from "../src/client.ts";
import { Prisma } from "../src/generated/prisma/client.ts";
import { queryRows } from "../src/query-rows.ts";
import { useTestDatabase } from "../src/testing/use-test-database.ts";

const { url } = await useTestDatabase();

describe("a full connection pool", () => {
  it("fails a query that waited its limit for a connection, and serves the next once one is free", async () => {
    const db = createClient(url, { maxConnections: 1, connectionWaitMs: 300 });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const holding = new Promise<void>((resolve) => {
      started = resolve;
    });
    const transaction = db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1`;
      started();
      await held;
    });
    await holding;
    const waited = Date.now();
    await expect(db.$queryRaw`SELECT 1`).rejects.toThrow(/timeout exceeded when trying to connect/);
    expect(Date.now() - waited).toBeLessThan(5_000);
    release();
    await transaction;
    expect(await db.$queryRaw<{ one: number }[]>`SELECT 1 AS one`).toEqual([{ one: 1 }]);
    await db.$disconnect();
  });
});

describe("a pooled connection the server ends", () => {
  it("is dropped without ending the process, and the next query opens a new one", async () => {
    const db = createClient(url, { maxConnections: 2 });
    const pid = async () => (await queryRows<{ pid: number }>(db, Prisma.sql`SELECT pg_backend_pid() AS pid`))[0]?.pid;
    const before = await pid();
    const { db: admin } = await useTestDatabase();
    await admin.$queryRaw`SELECT pg_terminate_backend(${before}::int)`;
    // The pool hears of it while the connection is idle: an unheard error event would fail this run.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await pid();
    expect(after).toEqual(expect.any(Number));
    expect(after).not.toBe(before);
    await db.$disconnect();
  });
});
