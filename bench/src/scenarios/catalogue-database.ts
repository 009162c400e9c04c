import { createApiKey } from "@slotwise/db";
import { createClient, createTestDatabase, type Client } from "@slotwise/db/testing";
import { spawnApi, type ApiProcess } from "@slotwise/testing/processes";

import { PRODUCTION_ENV, type BenchStack } from "../stack.ts";

/** An operator of its own database, with an API process on it: a catalogue whose size the phase controls. */
export interface CatalogueDatabase {
  db: Client;
  api: ApiProcess;
  keys: { ota: string; catalog: string };
  /** Timeslots in the whole database. */
  timeslots(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * A freshly migrated database holding one operator and its partner `acme-travel`, nothing else
 * (the demo seed alone holds thousands of timeslots), and one API process with production
 * settings on it, without the worker unless `env` says otherwise.
 */
export async function startCatalogueDatabase(
  stack: BenchStack,
  env: Record<string, string> = {},
): Promise<CatalogueDatabase & { operatorId: number }> {
  const created = await createTestDatabase(stack.server.adminUrl, stack.server.runPrefix, stack.server.templateName);
  const db = createClient(created.url, { maxConnections: 2 });
  const operator = await db.operator.create({ data: { slug: "bench", name: "Bench Tours", timeZone: "UTC" } });
  await db.partner.create({ data: { operatorId: operator.id, slug: "acme-travel", name: "Acme Travel" } });
  const now = new Date();
  const keys = {
    ota: (await createApiKey(db, { operatorSlug: "bench", scopes: ["ota"], partnerSlug: "acme-travel", now })).key,
    catalog: (await createApiKey(db, { operatorSlug: "bench", scopes: ["catalog"], now })).key,
  };
  const api = await spawnApi({ ...PRODUCTION_ENV, DATABASE_URL: created.url, WORKER: "off", ...env });
  return {
    operatorId: operator.id,
    db,
    api,
    keys,
    async timeslots() {
      const [row] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM timeslots`;
      return row?.n ?? 0;
    },
    async stop() {
      await api.stop();
      await db.$disconnect();
      await created.drop();
    },
  };
}
