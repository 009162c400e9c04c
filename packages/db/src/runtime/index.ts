export { openDatabase, databaseAddress, DEV_DATABASE, type OpenedDatabase } from "./open-database.ts";
export { openCliDatabase } from "./open-cli-database.ts";
export { HeldDataFolderError } from "./held-data-folder-error.ts";
export { DATABASE_SETTING_NAMES, readDatabaseEnv } from "./env.ts";
export { runMigrations } from "../migrate/run-migrations.ts";
