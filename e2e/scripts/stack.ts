import { readFileSync } from "node:fs";
import { resolve } from "node:path";

/** Where the running stack is, written by start-stack.ts for the tests (the database URL is only known once it is up). */
export const STACK_FILE = resolve(import.meta.dirname, "../.stack/stack.json");

export const CONSOLE_PORT = Number(process.env.E2E_CONSOLE_PORT ?? 3100);
export const API_PORT = Number(process.env.E2E_API_PORT ?? 3101);
export const consoleUrl = `http://127.0.0.1:${CONSOLE_PORT}`;
export const apiUrl = `http://127.0.0.1:${API_PORT}`;

/** The payment provider's signing secret in this stack: the tests play the provider with it. */
export const PAYMENT_WEBHOOK_SECRET = "whsec_e2e_payments_0123456789";

export interface Stack {
  databaseUrl: string;
  apiUrl: string;
  consoleUrl: string;
}

export function readStack(): Stack {
  return JSON.parse(readFileSync(STACK_FILE, "utf8")) as Stack;
}
