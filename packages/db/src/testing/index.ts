export { startTestServer, createTestDatabase, uniqueName, type TestServer, type TestDatabase } from "./test-server.ts";
export { withDatabaseName } from "../runtime/ensure-database.ts";
export { startEmbeddedPostgres, type EmbeddedServer } from "../runtime/embedded-postgres.ts";
export { seedDemoData } from "../seed/seed-demo-data.ts";
export { useTestDatabase, type TestDb } from "./use-test-database.ts";
export { freePort } from "../runtime/free-port.ts";
export { stopChild } from "../runtime/stop-child.ts";
export { compactUsageFully } from "./compact-usage-fully.ts";
// The whole client, for a test's or the bench's own setup and checks; the API gets it sealed.
export { createClient, type Database as Client } from "../client.ts";
export { seal } from "../sealed.ts";
