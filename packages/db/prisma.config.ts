import { defineConfig } from "prisma/config";

// The URL is only read by `prisma migrate deploy` on machines that can run Prisma's schema
// engine; everywhere else migrations go through src/migrate/run-migrations.ts.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost/unset" },
});
