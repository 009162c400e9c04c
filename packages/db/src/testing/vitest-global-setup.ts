import type { TestProject } from "vitest/node";
import { startTestServer } from "./test-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    databaseAdminUrl: string;
    databaseTemplate: string;
  }
}

/** Vitest global setup: one database server and migrated template per test run. */
export default async function setup(project: TestProject) {
  const server = await startTestServer();
  project.provide("databaseAdminUrl", server.adminUrl);
  project.provide("databaseTemplate", server.templateName);
  return () => server.stop();
}
