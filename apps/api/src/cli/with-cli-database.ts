import { DomainError } from "@slotwise/core";
import { createDatabase, type Database } from "@slotwise/db";
import { openCliDatabase, runMigrations } from "@slotwise/db/runtime";

/**
 * Runs a command-line tool's work against the database it finds (DATABASE_URL, or the
 * embedded one `pnpm dev` runs), named on standard error and migrated first. A refusal of the
 * domain is printed as one line and a non-zero exit, not a stack trace; the connections are
 * closed whatever happens.
 */
export async function withCliDatabase(tool: string, work: (db: Database) => Promise<void>): Promise<void> {
  const opened = await openCliDatabase(tool);
  await runMigrations(opened.url);
  const db = createDatabase(opened.url, { maxConnections: 2 });
  try {
    await work(db);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    console.error(`error: ${error.message}`);
    process.exitCode = 1;
  } finally {
    await db.$disconnect();
    await opened.close();
  }
}
