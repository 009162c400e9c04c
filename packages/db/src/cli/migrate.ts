import { runMigrations } from "../migrate/run-migrations.ts";
import { openDatabase } from "../runtime/open-database.ts";

const database = await openDatabase();
try {
  const applied = await runMigrations(database.url);
  console.log(applied.length ? `Applied ${applied.join(", ")}` : "Database is up to date.");
} finally {
  await database.close();
}
