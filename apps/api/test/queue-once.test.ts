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
  // As the e-mail queue is made (worker.ts).
  await ensureQueue(boss, { name: QUEUE, policy: "short", retryLimit: 0 });
});
afterAll(async () => {
  await boss.stop({ graceful: false, wait: true });
});

const waiting = () =>
  api.db.$queryRaw<{ singleton_key: string; data: unknown }[]>`
    SELECT singleton_key, data FROM pgboss.job WHERE name = ${QUEUE} AND state = 'created' ORDER BY singleton_key`;
const swept = (ids: number[]) => ids.map((id) => ({ key: `item:${id}`, data: { itemId: id } }));

describe("queueOnce, as the e-mail sweep uses it", () => {
  it("leaves one waiting job per key, with its data, however often a sweep finds the same rows, and queues a key again once its job is taken", async () => {
    await queueOnce(boss, QUEUE, swept([3, 1, 2]));
    await queueOnce(boss, QUEUE, swept([1, 2, 3, 4]));
    await queueOnce(boss, QUEUE, []);
    expect(await waiting()).toEqual(swept([1, 2, 3, 4]).map(({ key, data }) => ({ singleton_key: key, data })));

    const [taken] = await boss.fetch<{ itemId: number }>(QUEUE);
    const itemId = taken?.data.itemId ?? Number.NaN;
    expect(await waiting()).toHaveLength(3);
    await queueOnce(boss, QUEUE, swept([itemId]));
    expect(await waiting()).toHaveLength(4);
  });
});
