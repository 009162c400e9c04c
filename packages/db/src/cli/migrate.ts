import { runMigrations } from "../migrate/run-migrations.ts";
import { openCliDatabase } from "../runtime/open-cli-database.ts";

const database = await openCliDatabase("db:migrate");
try {
  const applied = await runMigrations(database.url);
  console.log(applied.length ? `Applied ${applied.join(", ")}` : "Database is up to date.");
} finally {
  await database.close();
}
