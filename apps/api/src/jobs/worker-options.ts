import type { ApiEnv } from "../env.ts";
import { createMailer } from "./mailer.ts";
import type { WorkerOptions } from "./worker.ts";

/** The worker's settings from the environment: one reading for API processes and worker-only ones. */
export function workerOptionsFromEnv(
  env: ApiEnv,
  base: Pick<WorkerOptions, "db" | "databaseUrl" | "now" | "log">,
): WorkerOptions {
  return {
    ...base,
    mailer: createMailer(env.SMTP_URL, env.MAIL_FROM),
    sendLeaseSeconds: env.EMAIL_SEND_TIMEOUT_SECONDS,
    publicBaseUrl: env.PUBLIC_BASE_URL,
    retentionIntervalMs: env.RETENTION_INTERVAL_SECONDS * 1000,
    usageRetentionDays: env.USAGE_RETENTION_DAYS,
    thresholdIntervalMs: env.THRESHOLD_CHECK_SECONDS * 1000,
    webhookAllowLoopback: env.WEBHOOK_ALLOW_LOOPBACK === "on",
  };
}
