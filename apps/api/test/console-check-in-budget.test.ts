import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";

import { bookingBody } from "./fixtures.ts";
import { GENEROUS_GUARDS, OTA, startApi } from "./harness.ts";
import { todaySlot } from "./today-slot.ts";
import { trpcClient } from "./trpc-client.ts";

const BUDGET = 6;
const WRONG = "e".repeat(32);

/** The problem's status a refused console call answers, or 200 when it was not refused. */
async function statusOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
    return 200;
  } catch (error) {
    if (!(error instanceof TRPCClientError)) throw error;
    return (error.shape as { problem: { status: number } }).problem.status;
  }
}

describe("wrong codes typed in the console's check-in", () => {
  it("spend the address's failed-authentication budget, the one wrong codes over REST spend", async () => {
    const api = await startApi({ guards: { ...GENEROUS_GUARDS, authFailuresPer10Minutes: BUDGET } });
    const desk = trpcClient(api.base);
    await desk.console.session.signIn.mutate({ email: "demo@example.com", password: "correct-horse-battery" });
    const checkinKey = await api.key({ scopes: ["checkin"] });
    const otaKey = await api.key();

    // A right code from the console spends nothing of the budget: a ticket of today's timeslot.
    const info = await todaySlot(api.db);
    const made = await api.request(`${OTA}/booking`, { method: "POST", key: otaKey, json: bookingBody(info) });
    expect(made.status).toBe(201);
    const booked = ((await made.json()) as { data: { Reference: string; Tickets: { Code: string }[] } }).data;
    for (let i = 0; i < BUDGET + 2; i++)
      expect(await statusOf(desk.console.manifest.checkIn.mutate({ code: booked.Tickets[0]!.Code }))).toBe(200);

    // Half the budget over REST, half from the console session: then both are refused.
    const rest = () =>
      api.request("/api/v2/operator/check-ins", { method: "POST", key: checkinKey, json: { Code: WRONG } });
    for (let i = 0; i < BUDGET / 2; i++) expect((await rest()).status).toBe(404);
    const typed: number[] = [];
    for (let i = 0; i < BUDGET; i++) typed.push(await statusOf(desk.console.manifest.checkIn.mutate({ code: WRONG })));
    expect(typed).toEqual([...Array<number>(BUDGET / 2).fill(404), ...Array<number>(BUDGET / 2).fill(429)]);
    expect((await rest()).status).toBe(429);
    // Spent, the budget refuses the address whatever it sends, a right code included.
    expect(await statusOf(desk.console.manifest.checkIn.mutate({ code: booked.Tickets[0]!.Code }))).toBe(429);
  });

  it("are limited when many arrive at once from one console session", async () => {
    const api = await startApi({ guards: { ...GENEROUS_GUARDS, authFailuresPer10Minutes: BUDGET } });
    const desk = trpcClient(api.base);
    await desk.console.session.signIn.mutate({ email: "demo@example.com", password: "correct-horse-battery" });
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        statusOf(desk.console.manifest.checkIn.mutate({ code: `${WRONG.slice(0, 30)}${String(i).padStart(2, "0")}` })),
      ),
    );
    expect(statuses.filter((s) => s === 404).length).toBeLessThanOrEqual(BUDGET);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40 - BUDGET);
    expect(statuses.every((s) => s === 404 || s === 429)).toBe(true);
  });
});
