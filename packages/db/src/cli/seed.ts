import { createDatabase } from "../client.ts";
import { runMigrations } from "../migrate/run-migrations.ts";
import { openDatabase } from "../runtime/open-database.ts";
import { seedDemoData } from "../seed/seed-demo-data.ts";

const opened = await openDatabase();
const db = createDatabase(opened.url);
try {
  await runMigrations(opened.url);
  const started = Date.now();
  const outcome = await seedDemoData(db, new Date());
  console.log(
    outcome.seeded
      ? `Seeded ${outcome.operators.join(" and ")} in ${Date.now() - started} ms.`
      : `Nothing to seed: ${outcome.reason}.`,
  );
} finally {
  await db.$disconnect();
  await opened.close();
}
