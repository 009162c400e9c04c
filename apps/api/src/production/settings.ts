import { z } from "zod";

import { DEV_PAYMENT_WEBHOOK_SECRET, logLevelSchema, parseApiEnv, settingProblems } from "../env.ts";

const schema = z.object({
  DATABASE_URL: z.url({
    protocol: /^postgres(ql)?$/,
    error: (issue) =>
      issue.input === undefined
        ? "required: the PostgreSQL to run on, e.g. postgresql://slotwise:secret@db.internal:5432/slotwise"
        : "must be a postgresql:// URL",
  }),
  API_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  /** The first API process listens here, the next on API_PORT + 1, and so on. */
  API_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  /** The console's port, as for `next start`. */
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  WORKER: z.enum(["on", "off"]).default("on"),
  /** `off` on hosts that run API processes only, the console being served elsewhere. */
  CONSOLE: z.enum(["on", "off"]).default("on"),
  API_URL: z.url().optional(),
  /** The launcher's own log level, as the processes it starts read theirs. */
  LOG_LEVEL: logLevelSchema,
});

/** The setting a problem line names (`NAME: why`). */
const settingOf = (problem: string) => problem.slice(0, problem.indexOf(":"));

export type LaunchSettings = z.infer<typeof schema> & {
  /** What each API process is given, PORT excepted (its own). */
  apiEnv: Record<string, string>;
  apiUrl: string;
};

/**
 * The settings of `pnpm start`, and those of the API processes it will start, checked
 * together: a wrong start names every bad or missing setting at once, before anything runs.
 */
export function readLaunchSettings(env: NodeJS.ProcessEnv): LaunchSettings | { problems: string[] } {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ""));
  const parsed = schema.safeParse(cleaned);
  const problems = parsed.success ? [] : settingProblems(parsed.error);
  const apiPort = parsed.success ? parsed.data.API_PORT : 3001;
  const consolePort = parsed.success ? parsed.data.PORT : 3000;
  // As under `pnpm dev`: the console at PORT may send console mutations unless told otherwise.
  // One public address for every API process, so problem types and the OpenAPI servers are the
  // same whichever process answers (set it to the load balancer's address in production).
  const apiEnv: Record<string, string> = {
    CONSOLE_ORIGIN: cleaned.CONSOLE_ORIGIN ?? `http://localhost:${consolePort},http://127.0.0.1:${consolePort}`,
    PUBLIC_BASE_URL: cleaned.PUBLIC_BASE_URL ?? `http://localhost:${apiPort}`,
  };
  const api = parseApiEnv({ ...cleaned, ...apiEnv, NODE_ENV: "production", PORT: String(apiPort) });
  // A setting the launcher already named is not named again; one it accepted and the API's check
  // refuses still is, so a stricter check of the API cannot pass unseen. PORT is the console's here.
  const named = new Set([...problems.map(settingOf), "PORT"]);
  if ("problems" in api) problems.push(...api.problems.filter((p) => !named.has(settingOf(p))));
  if (!parsed.success) return { problems };
  const { data } = parsed;
  if (cleaned.PAYMENT_WEBHOOK_SECRET === DEV_PAYMENT_WEBHOOK_SECRET)
    problems.push(
      "PAYMENT_WEBHOOK_SECRET: is the development secret from the README; anyone could sign payments with it",
    );
  if (data.API_PORT + data.API_PROCESSES - 1 > 65535) problems.push("API_PORT: too high for API_PROCESSES ports");
  if (data.PORT >= data.API_PORT && data.PORT < data.API_PORT + data.API_PROCESSES) {
    problems.push(`PORT: ${data.PORT} is one of the API processes' ports (API_PORT and the next API_PROCESSES - 1)`);
  }
  if (problems.length) return { problems };
  return {
    ...data,
    apiEnv: { ...apiEnv, NODE_ENV: "production" },
    apiUrl: data.API_URL ?? `http://127.0.0.1:${data.API_PORT}`,
  };
}
