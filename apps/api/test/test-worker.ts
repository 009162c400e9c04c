import { seal } from "@slotwise/db/testing";

import { createMailer } from "../src/jobs/mailer.ts";
import { startWorker, type Worker, type WorkerOptions } from "../src/jobs/worker.ts";
import type { Api } from "./harness.ts";

/**
 * A worker on the test's database, as the API's own would run, silent, on the real clock; its
 * e-mails stay in the outbox unless the test gives a mailer. `options` are the test's settings.
 */
export function startTestWorker(
  api: Pick<Api, "db" | "databaseUrl">,
  options: Partial<Omit<WorkerOptions, "db" | "databaseUrl">> = {},
): Promise<Worker> {
  return startWorker({
    db: seal(api.db),
    databaseUrl: api.databaseUrl,
    mailer: createMailer(undefined, "Test <t@slotwise.test>"),
    now: () => new Date(),
    log: { info: () => undefined, error: () => undefined },
    ...options,
  });
}
