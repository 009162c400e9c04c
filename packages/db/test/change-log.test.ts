import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";

import { listenForChanges } from "../src/changes/listen-for-changes.ts";
import { changeLogPosition, readChangeLog } from "../src/changes/read-change-log.ts";
import { useTestDatabase } from "../src/testing/use-test-database.ts";
import { operatorWithSlot } from "./fixtures.ts";

const { db, url } = await useTestDatabase();
const clients: pg.Client[] = [];
async function client(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  clients.push(c);
  return c;
}
afterAll(async () => {
  await Promise.all(clients.map((c) => c.end()));
});

describe("the change log", () => {
  it("gives a reader every committed change once it is visible, whatever order ids and commits come in", async () => {
    const [reader, early, late] = [await client(), await client(), await client()];
    let position = await changeLogPosition(reader);
    // `early` gets the older transaction id, `late` the newer; `late` logs first (the lower id)
    // and commits last: a reader between the two commits sees `early` finished and `late` not.
    await early.query("BEGIN");
    await early.query("SELECT pg_current_xact_id()");
    await late.query("BEGIN");
    await late.query("SELECT pg_current_xact_id()");
    await late.query("INSERT INTO change_log (topic) VALUES ('timeslots:late')");
    await early.query("INSERT INTO change_log (topic) VALUES ('timeslots:early')");
    await early.query("COMMIT");
    const first = await readChangeLog(reader, position);
    expect(first.topics).toEqual(["timeslots:early"]);
    position = first.position;
    await late.query("COMMIT");
    const second = await readChangeLog(reader, position);
    expect(second.topics).toContain("timeslots:late");
    position = second.position;
    await early.query("INSERT INTO change_log (topic) VALUES ('timeslots:after')");
    expect((await readChangeLog(reader, position)).topics).toEqual(["timeslots:after"]);
  });

  it("reaches a listener with nobody announcing it, from the once-a-second read", async () => {
    const { product, timeslot } = await operatorWithSlot(db, { slug: "unannounced", capacity: 5 });
    const heard: string[] = [];
    let live = false;
    const feed = listenForChanges(
      url,
      {
        onChange: (topic) => heard.push(topic),
        onGap: () => (live = false),
        onLive: () => (live = true),
      },
      { pollMs: 100 },
    );
    try {
      await expect.poll(() => live).toBe(true);
      await db.timeslot.update({ where: { id: timeslot.id }, data: { capacity: 6 } });
      await expect.poll(() => heard, { timeout: 2_000 }).toContain(`timeslots:${product.id}`);
    } finally {
      await feed.close();
    }
  });
});
