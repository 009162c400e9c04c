import { HeldDataFolderError } from "./held-data-folder-error.ts";
import { openDatabase, type OpenedDatabase } from "./open-database.ts";

/**
 * `openDatabase` for a command-line tool: names the database on standard error before anything
 * is written (stdout stays the tool's answer alone), and turns a held data folder into one
 * clear line and exit code 1 rather than a stack trace.
 */
export async function openCliDatabase(tool: string): Promise<OpenedDatabase> {
  try {
    const opened = await openDatabase();
    console.error(`${tool}: database ${opened.where}`);
    return opened;
  } catch (error) {
    if (!(error instanceof HeldDataFolderError)) throw error;
    console.error(`${tool}: error: ${error.message}`);
    process.exit(1);
  }
}
