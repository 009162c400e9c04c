import type { TestProject } from "vitest/node";

import { startTestServer } from "./test-server.ts";

import "./provided-context.ts";

/**
 * Vitest global setup: one database server and migrated template per test run; with
 * `SLOTWISE_TEST_DEMO_DATA=1` in the config's env, a template holding the demo seed too.
 */
export default async function setup(project: TestProject) {
  const env = project.config.env as Record<string, string> | undefined;
  const server = await startTestServer({ seeded: env?.SLOTWISE_TEST_DEMO_DATA === "1" });
  project.provide("databaseAdminUrl", server.adminUrl);
  project.provide("databaseRunPrefix", server.runPrefix);
  project.provide("databaseTemplate", server.templateName);
  project.provide("databaseSeededTemplate", server.seededTemplateName);
  return () => server.stop();
}
