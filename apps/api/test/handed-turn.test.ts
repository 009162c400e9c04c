import { setTimeout as delay } from "node:timers/promises";

import { describe, expect, it } from "vitest";

import { HandedTurn, inTurn, type TurnEnd } from "../src/fast-paths/handed-turn.ts";
import { SerialByKey } from "../src/services/serial-by-key.ts";

/** A turn of `key` taken and handed, and how it ended (each end that counted). */
async function handed(queue: SerialByKey, key: string, limitMs?: number) {
  const ends: TurnEnd[] = [];
  const release = await queue.take(key);
  const turn = new HandedTurn(key, release, (how) => ends.push(how), limitMs);
  return { turn, ends };
}

/** The order in which things happened. */
function journal() {
  const steps: string[] = [];
  const step = (name: string) => () => {
    steps.push(name);
    return Promise.resolve();
  };
  return { steps, step };
}

describe("a timeslot's turn handed from the edge to the procedure", () => {
  it("runs the procedure's task in the turn without queueing, and lets the next task in when the task ends", async () => {
    const queue = new SerialByKey();
    const { turn, ends } = await handed(queue, "slot");
    const { steps, step } = journal();
    const next = queue.run("slot", step("next"));
    await inTurn(queue, turn, "slot", async () => {
      await delay(20);
      steps.push("sale");
    });
    await next;
    expect(steps).toEqual(["sale", "next"]);
    turn.end("unclaimed");
    turn.end("closed");
    expect(ends).toEqual(["sale"]);
  });

  it("holds through its sale when the client leaves or an answer goes out meanwhile, and is left at once when never taken", async () => {
    const queue = new SerialByKey();
    const { turn, ends } = await handed(queue, "slot");
    const { steps, step } = journal();
    const next = queue.run("slot", step("next"));
    await inTurn(queue, turn, "slot", async () => {
      turn.abandon("closed");
      turn.abandon("unclaimed");
      await delay(20);
      steps.push("sale");
    });
    await next;
    expect(steps).toEqual(["sale", "next"]);
    expect(ends).toEqual(["sale"]);

    const untaken = await handed(queue, "slot");
    untaken.turn.abandon("closed");
    expect(untaken.ends).toEqual(["closed"]);
    // Released: a task queued now runs (the test would time out otherwise).
    await queue.run("slot", () => Promise.resolve());
  });

  it("is claimed once, and only for its own key; otherwise it ends at once and the task queues", async () => {
    const queue = new SerialByKey();
    const { turn, ends } = await handed(queue, "slot");
    await inTurn(queue, turn, "another slot", () => Promise.resolve());
    expect(ends).toEqual(["unclaimed"]);
    expect(queue.busy("slot")).toBe(false);
    expect(turn.claim("slot")).toBe(false);

    const second = await handed(queue, "slot");
    expect(second.turn.claim("slot")).toBe(true);
    expect(second.turn.claim("slot")).toBe(false);
    second.turn.end("sale");
    // Released: a task queued now runs (the test would time out otherwise).
    await queue.run("slot", () => Promise.resolve());
    expect(second.ends).toEqual(["sale"]);
  });

  it("ends by itself after its time limit when nothing else ends it", async () => {
    const queue = new SerialByKey();
    const { turn, ends } = await handed(queue, "slot", 50);
    const { steps, step } = journal();
    await queue.run("slot", step("next"));
    expect(steps).toEqual(["next"]);
    expect(ends).toEqual(["time-limit"]);
    // Its procedure, come at last, queues like any other and ends nothing twice.
    await inTurn(queue, turn, "slot", step("late"));
    expect(steps).toEqual(["next", "late"]);
    expect(ends).toEqual(["time-limit"]);
  });
});
