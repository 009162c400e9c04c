import { z } from "zod";

import { DEFAULT_HOLD_BUDGET, DEFAULT_USAGE_RETENTION_DAYS } from "@slotwise/core";

import { DEFAULT_GUARD_LIMITS } from "./limits/guards.ts";

/** The payment secret `pnpm dev` sets: printed in the README, so never accepted in production. */
export const DEV_PAYMENT_WEBHOOK_SECRET = "whsec_dev_payments_not_for_production";

/** pino's levels: `LOG_LEVEL` of the API processes, the worker and the launcher alike. */
export const logLevelSchema = z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info");
export type LogLevel = z.infer<typeof logLevelSchema>;

/** `on` lets webhook endpoints point at this machine: a local receiver in development, never in production. */
export const webhookAllowLoopbackSchema = z.enum(["on", "off"]).default("off");

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  HOST: z.string().default("127.0.0.1"),
  PUBLIC_BASE_URL: z.url().optional(),
  PROBLEMS_BASE: z.url().optional(),
  LOG_LEVEL: logLevelSchema,
  /** `pretty` (what `pnpm dev` sets) needs pino-pretty, a development dependency. */
  LOG_FORMAT: z.enum(["json", "pretty"]).default("json"),
  /** The bearer token a Prometheus scraper sends for /metrics; without it /metrics is off. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  RATE_LIMIT_PER_SECOND: z.coerce.number().int().positive().default(50),
  RATE_LIMIT_BURST: z.coerce.number().int().positive().default(100),
  AUTH_FAILURES_PER_10_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(DEFAULT_GUARD_LIMITS.authFailuresPer10Minutes),
  SHOP_WRITES_PER_HOUR: z.coerce.number().int().positive().default(DEFAULT_GUARD_LIMITS.shopWritesPerHour),
  CHECKOUT_PLACES_PER_15_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(DEFAULT_GUARD_LIMITS.checkoutPlacesPer15Minutes),
  /** Places one API key's unconfirmed holds may take at once (409 hold-limit-reached beyond). */
  HOLD_PLACES_PER_KEY: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_HOLD_BUDGET.placesPerKey),
  /** Places all of one partner's unconfirmed holds may take at once, every key together. */
  HOLD_PLACES_PER_PARTNER: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_HOLD_BUDGET.placesPerPartner),
  /** The console's origins, comma-separated: console mutations from any other origin are refused. */
  CONSOLE_ORIGIN: z
    .string()
    .default("http://localhost:3000,http://127.0.0.1:3000")
    .transform((value, ctx) => {
      const origins: string[] = [];
      for (const part of value
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean)) {
        if (!URL.canParse(part)) ctx.addIssue({ code: "custom", message: `${part} is not a URL` });
        else origins.push(new URL(part).origin);
      }
      return origins;
    }),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().default("Slotwise <bookings@slotwise.test>"),
  REMINDER_HOURS_BEFORE: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 14)
    .default(24),
  WORKER: z.enum(["on", "off"]).default("on"),
  WEBHOOK_ALLOW_LOOPBACK: webhookAllowLoopbackSchema,
  /** The payment provider's signing secret for POST /api/v2/payments/webhook (contract section 10). */
  PAYMENT_WEBHOOK_SECRET: z
    .string()
    .min(16, { error: "PAYMENT_WEBHOOK_SECRET must be at least 16 characters" })
    .optional(),
  EMAIL_SEND_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(120),
  RETENTION_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(600),
  /**
   * Raw usage entries older than this are refused, and dropped by month once in the rollups.
   * At least 32 days, so that clients' retries of a month's events still find their EventIDs.
   */
  USAGE_RETENTION_DAYS: z.coerce.number().int().min(32).max(36_500).default(DEFAULT_USAGE_RETENTION_DAYS),
  THRESHOLD_CHECK_SECONDS: z.coerce.number().int().min(1).max(60).default(30),
  /** How often each API process reads the change log when no announcement has come: the staleness bound of an unannounced change. */
  CHANGE_LOG_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  /** `off` answers every partner GET through its procedure: a switch for on-call, should kept answers ever be in doubt. */
  KEPT_ANSWERS: z.enum(["on", "off"]).default("on"),
  /** `off` writes each single usage entry without an Idempotency-Key by its own INSERT, not grouped with others: a switch for on-call. */
  USAGE_GROUP_COMMIT: z.enum(["on", "off"]).default("on"),
  /** `off` sends every partner booking through its procedure, refusals of a full timeslot included (see fast-paths/early-refusal.ts). */
  EARLY_REFUSALS: z.enum(["on", "off"]).default("on"),
  /**
   * Whose X-Forwarded-For is believed for the client address that anonymous budgets are kept
   * by: "false", "true" (any), or addresses and CIDRs, comma-separated ("loopback" names 127.0.0.1/8 and ::1).
   */
  TRUST_PROXY: z
    .string()
    .default("loopback")
    .transform((value): boolean | string => (value === "true" ? true : value === "false" ? false : value)),
});

/** The variables the API's settings read, which `pnpm dev`'s task runner must pass through. */
export const API_SETTING_NAMES = Object.keys(schema.shape);

export type ApiEnv = z.infer<typeof schema> & { PUBLIC_BASE_URL: string; PROBLEMS_BASE: string };

/** One line per bad setting, named: `PORT: Too big: expected number to be <=65535`. */
export function settingProblems(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join(".") || "(settings)"}: ${issue.message}`);
}

/** The API's settings, or every bad one at once. */
export function parseApiEnv(env: NodeJS.ProcessEnv = process.env): { env: ApiEnv } | { problems: string[] } {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) return { problems: settingProblems(parsed.error) };
  const base = parsed.data.PUBLIC_BASE_URL ?? `http://localhost:${parsed.data.PORT}`;
  return {
    env: {
      ...parsed.data,
      PUBLIC_BASE_URL: base,
      PROBLEMS_BASE: parsed.data.PROBLEMS_BASE ?? `${base.replace(/\/$/, "")}/problems`,
    },
  };
}

/** The API's settings, validated once at start-up: a bad value stops the process with a clear message. */
export function readApiEnv(env: NodeJS.ProcessEnv = process.env): ApiEnv {
  const parsed = parseApiEnv(env);
  if ("problems" in parsed)
    throw new Error(`Invalid API settings:\n${parsed.problems.map((p) => `  ${p}`).join("\n")}`);
  return parsed.env;
}
