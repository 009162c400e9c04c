export { openDatabase, DEV_DATABASE, type OpenedDatabase } from "./open-database.ts";
export { readDatabaseEnv } from "./env.ts";
export { runMigrations } from "../migrate/run-migrations.ts";
