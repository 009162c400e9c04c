import { execFileSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

import { expect, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";

import { PAYMENT_WEBHOOK_SECRET, readStack, STACK_FILE } from "../scripts/stack.ts";

export const OTA = "/api/v2/ota/acme-travel";
const root = resolve(import.meta.dirname, "../..");

/** `pnpm api-key create …` against the stack's database, as an operator would run it. */
export function createKeyWithCli(args: string[]): string {
  const out = execFileSync(process.execPath, ["--import", "tsx", "apps/api/src/cli/api-key.ts", "create", ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: readStack().databaseUrl },
    encoding: "utf8",
  });
  const key = out.trim().split("\n").at(-1) ?? "";
  expect(key).toMatch(/^sw_[A-Za-z0-9]{8}_[A-Za-z0-9]{40}$/);
  return key;
}

export const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

/** Facts one scenario leaves for a later one (the partner booking of 1 is checked in 2). */
export function share(name: string, value: unknown): void {
  const file = resolve(dirname(STACK_FILE), `${name}.json`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value));
}

export function shared(name: string): unknown {
  return JSON.parse(readFileSync(resolve(dirname(STACK_FILE), `${name}.json`), "utf8"));
}

export async function signIn(page: Page): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill("demo@example.com");
  await page.getByLabel("Password").fill("correct-horse-battery");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Bookings" })).toBeVisible();
}

/**
 * Opens a console page from the side navigation and waits for its heading: the click returns
 * before the client-side navigation ends, and the page being left may have a control of the
 * same name (the bookings table's "Customer" header matched a "Custom" button).
 */
export async function openPage(page: Page, name: string): Promise<void> {
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name, exact: true })).toBeVisible();
}

export function isoDate(daysFromNow: number): string {
  return new Date(Date.now() + daysFromNow * 86_400_000).toISOString().slice(0, 10);
}

export interface Slot {
  Date: string;
  Time: string;
  Capacity: number;
  Available: number;
}

/** The first timeslot of an activity, from two days ahead, with at least `places` free. */
export async function bookableSlot(
  request: APIRequestContext,
  key: string,
  activityId: string,
  places: number,
): Promise<Slot> {
  const api = readStack().apiUrl;
  const dates = await request.get(
    `${api}${OTA}/availability/${activityId}/dates?StartDate=${isoDate(2)}&EndDate=${isoDate(25)}`,
    { headers: bearer(key) },
  );
  expect(dates.status()).toBe(200);
  for (const day of ((await dates.json()) as { data: { Date: string; Available: number }[] }).data) {
    const response = await request.get(`${api}${OTA}/availability/${activityId}/timeslots?Date=${day.Date}`, {
      headers: bearer(key),
    });
    const slot = ((await response.json()) as { data: Omit<Slot, "Date">[] }).data.find((s) => s.Available >= places);
    if (slot) return { ...slot, Date: day.Date };
  }
  throw new Error(`no timeslot of ${activityId} with ${places} free places`);
}

export async function expectProblem(
  response: APIResponse,
  status: number,
  kind: string,
): Promise<{ detail: string; errors?: { field: string; message: string }[]; available?: number }> {
  expect(response.status()).toBe(status);
  expect(response.headers()["content-type"]).toBe("application/problem+json");
  const problem = (await response.json()) as {
    type: string;
    status: number;
    detail: string;
    errors?: { field: string; message: string }[];
    available?: number;
  };
  expect(problem.type.endsWith(`/problems/${kind}`)).toBe(true);
  expect(problem.status).toBe(status);
  return problem;
}

export const customer = (first: string, last: string) => ({
  FirstName: first,
  LastName: last,
  Email: `${first}.${last}@example.com`.toLowerCase(),
  Phone: "+351 912 345 678",
});

/** Events of one meter in /usage's table for the page's current period; 0 when the meter has none. */
export async function meterEvents(page: Page, meter: string): Promise<number> {
  await expect(page.getByTestId("total-events")).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(`^${meter}\\b`) });
  if ((await row.count()) === 0) return 0;
  return Number((await row.getByRole("cell").nth(2).textContent())?.replaceAll(",", ""));
}

/** A tRPC mutation of the API, as the shopfront calls it. */
export async function trpcMutation<T>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const response = await request.post(`${readStack().apiUrl}/trpc/${path}`, { data: input });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

/**
 * Plays the payment provider: its signed word on a shopfront basket, signed as the contract
 * says (HMAC-SHA256 over `<t>.<body>`), with the stack's secret.
 */
export async function paymentProviderSays(
  request: APIRequestContext,
  type: "payment.succeeded" | "payment.failed",
  basketId: number,
  paymentReference: string,
): Promise<void> {
  const body = JSON.stringify({ type, BasketID: basketId, PaymentReference: paymentReference });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac("sha256", PAYMENT_WEBHOOK_SECRET).update(`${t}.${body}`).digest("hex");
  const response = await request.post(`${readStack().apiUrl}/api/v2/payments/webhook`, {
    headers: { "Content-Type": "application/json", "Slotwise-Signature": `t=${t},v1=${v1}` },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(200);
}
