import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

import { z } from "zod";

import { repoRoot } from "../paths.ts";

const schema = z.object({
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  TEST_DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  EMBEDDED_POSTGRES_DIR: z.string().min(1).optional(),
});

export type DatabaseEnv = z.infer<typeof schema>;

/** The variables the database settings read, which `pnpm dev`'s task runner must pass through. */
export const DATABASE_SETTING_NAMES = Object.keys(schema.shape);

export function readDatabaseEnv(env: NodeJS.ProcessEnv = process.env): DatabaseEnv {
  const parsed = schema.safeParse({
    ...env,
    DATABASE_URL: env.DATABASE_URL || undefined,
    TEST_DATABASE_URL: env.TEST_DATABASE_URL || undefined,
  });
  if (!parsed.success) {
    throw new Error(`Invalid database settings:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/**
 * Where `pnpm dev` keeps the embedded cluster. Normally `.data/postgres` in the checkout;
 * as root, PostgreSQL runs as the `postgres` user, who may not reach the checkout (under
 * /root, say), so the data goes to a folder under the system's temp directory named after
 * the checkout.
 */
export function embeddedDataDir(env: DatabaseEnv): string {
  // Relative to the repository, whichever package folder a tool runs from.
  if (env.EMBEDDED_POSTGRES_DIR) return resolve(repoRoot, env.EMBEDDED_POSTGRES_DIR);
  if (process.getuid?.() === 0) {
    const id = createHash("sha256").update(repoRoot).digest("hex").slice(0, 10);
    return join(tmpdir(), `slotwise-${id}`, "postgres");
  }
  return join(repoRoot, ".data", "postgres");
}
