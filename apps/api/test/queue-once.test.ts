import PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ensureQueue } from "../src/jobs/ensure-queue.ts";
import { queueOnce } from "../src/jobs/queue-once.ts";
import { startApi, type Api } from "./harness.ts";

const QUEUE = "queue-once-test";
let api: Api;
let boss: PgBoss;
beforeAll(async () => {
  api = await startApi();
  boss = new PgBoss({ connectionString: api.databaseUrl, schema: "pgboss", max: 2 });
  await boss.start();
  await ensureQueue(boss, { name: QUEUE, policy: "short", retryLimit: 0 });
});
afterAll(async () => {
  await boss.stop({ graceful: false, wait: true });
});

const waiting = () =>
  api.db.$queryRaw<{ singleton_key: string; data: unknown }[]>`
    SELECT singleton_key, data FROM pgboss.job WHERE name = ${QUEUE} AND state = 'created' ORDER BY singleton_key`;

describe("queueOnce, as the e-mail and webhook sweeps use it", () => {
  it("leaves one waiting job per key, with its data, however often a sweep finds the same rows", async () => {
    const swept = (ids: number[]) => ids.map((id) => ({ key: `item:${id}`, data: { itemId: id } }));
    await queueOnce(boss, QUEUE, swept([1, 2, 3]));
    await queueOnce(boss, QUEUE, swept([1, 2, 3, 4]));
    await queueOnce(boss, QUEUE, []);
    expect(await waiting()).toEqual([1, 2, 3, 4].map((id) => ({ singleton_key: `item:${id}`, data: { itemId: id } })));
  });

  it("queues a key again once its job has been taken", async () => {
    const [job] = await boss.fetch<{ itemId: number }>(QUEUE);
    expect(job?.data.itemId).toBeDefined();
    await queueOnce(boss, QUEUE, [{ key: `item:${job?.data.itemId ?? 0}`, data: { itemId: job?.data.itemId } }]);
    expect(await waiting()).toHaveLength(4);
  });
});
