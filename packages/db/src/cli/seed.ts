import { createClient } from "../client.ts";
import { runMigrations } from "../migrate/run-migrations.ts";
import { openCliDatabase } from "../runtime/open-cli-database.ts";
import { seedDemoData } from "../seed/seed-demo-data.ts";

const opened = await openCliDatabase("db:seed");
const db = createClient(opened.url);
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
