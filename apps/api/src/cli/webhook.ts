/**
 * pnpm webhook create --operator <slug> --partner <slug> --url <url> [--event <type>...]
 * pnpm webhook list --operator <slug>
 * pnpm webhook delete <id>
 *
 * Works against the same database as `pnpm dev` (DATABASE_URL, or the embedded cluster,
 * joined if running). `create` prints the endpoint's signing secret alone on the last line of
 * stdout; without --event the endpoint hears of every event type.
 */
import { parseArgs } from "node:util";

import { WEBHOOK_EVENT_TYPES } from "@slotwise/core";
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints, operatorBySlug } from "@slotwise/db";

import { webhookAllowLoopbackSchema } from "../env.ts";
import { withCliDatabase } from "./with-cli-database.ts";

const USAGE = `usage:
  pnpm webhook create --operator <slug> --partner <slug> --url <url> [--event <type>...]
  pnpm webhook list --operator <slug>
  pnpm webhook delete <id>
event types: ${WEBHOOK_EVENT_TYPES.join(", ")}`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const args = process.argv.slice(2).filter((a) => a !== "--");
const [command, ...rest] = args;
let parsed;
try {
  parsed = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      operator: { type: "string" },
      partner: { type: "string" },
      url: { type: "string" },
      event: { type: "string", multiple: true },
    },
  });
} catch (error) {
  fail((error as Error).message);
}
const { values, positionals } = parsed;

// Read as the API reads it, so that a value the API would refuse is refused here too; before the
// database is opened, and only for the command that needs it.
const loopback =
  command === "create" ? webhookAllowLoopbackSchema.safeParse(process.env.WEBHOOK_ALLOW_LOOPBACK || undefined) : null;
if (loopback && !loopback.success) {
  console.error(`WEBHOOK_ALLOW_LOOPBACK must be on or off, not ${process.env.WEBHOOK_ALLOW_LOOPBACK}`);
  process.exit(2);
}

await withCliDatabase("webhook", async (db) => {
  switch (command) {
    case "create": {
      if (!values.operator || !values.partner || !values.url) fail("--operator, --partner and --url are required");
      const operator = await operatorBySlug(db, values.operator);
      if (!operator) fail(`no operator ${values.operator}`);
      const { secret, endpoint } = await createWebhookEndpoint(db, {
        operatorId: operator.id,
        partnerSlug: values.partner,
        url: values.url,
        events: values.event,
        allowLoopback: loopback?.data === "on",
        now: new Date(),
      });
      console.log(
        `Created webhook endpoint ${endpoint.id} for ${values.operator} / ${endpoint.partner.slug}: ${endpoint.url} (${endpoint.events.join(", ")}).`,
      );
      console.log("Store its signing secret now: it is shown only once.");
      console.log(secret);
      break;
    }
    case "list": {
      if (!values.operator) fail("--operator is required");
      const operator = await operatorBySlug(db, values.operator);
      if (!operator) fail(`no operator ${values.operator}`);
      const endpoints = await listWebhookEndpoints(db, operator.id);
      for (const e of endpoints)
        console.log([e.id, e.partner.slug, e.url, e.events.join(","), e.createdAt.toISOString()].join("\t"));
      if (endpoints.length === 0) console.log(`${values.operator} has no webhook endpoints.`);
      break;
    }
    case "delete": {
      const [id] = positionals;
      if (!id || !/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647)
        fail("delete needs the endpoint's id, as list shows it");
      await deleteWebhookEndpoint(db, Number(id), new Date());
      console.log(`Deleted webhook endpoint ${id}.`);
      break;
    }
    default:
      fail(command ? `unknown command ${command}` : "a command is required");
  }
});
