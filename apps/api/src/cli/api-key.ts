/**
 * pnpm api-key create --operator <slug> --scope <scope> [--scope <scope>...] [--partner <slug>] [--expires-in-days N] [--name <text>]
 * pnpm api-key list --operator <slug>
 * pnpm api-key revoke <prefix>
 *
 * Works against the same database as `pnpm dev` (DATABASE_URL, or the embedded cluster,
 * joined if running). `create` prints the new key alone on the last line of stdout.
 */
import { parseArgs } from "node:util";

import { API_SCOPES, isApiScope, keyState, type ApiScopeName } from "@slotwise/core";
import { createApiKey, listApiKeys, operatorBySlug, revokeApiKey, scopeFromDb } from "@slotwise/db";

import { withCliDatabase } from "./with-cli-database.ts";

const USAGE = `usage:
  pnpm api-key create --operator <slug> --scope <${API_SCOPES.join("|")}> [--scope ...] [--partner <slug>] [--expires-in-days N] [--name <text>]
  pnpm api-key list --operator <slug>
  pnpm api-key revoke <prefix>`;

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
      scope: { type: "string", multiple: true },
      partner: { type: "string" },
      "expires-in-days": { type: "string" },
      name: { type: "string" },
    },
  });
} catch (error) {
  fail((error as Error).message);
}
const { values, positionals } = parsed;

await withCliDatabase("api-key", async (db) => {
  switch (command) {
    case "create": {
      if (!values.operator) fail("--operator is required");
      const scopes = values.scope ?? [];
      const unknown = scopes.filter((s) => !isApiScope(s));
      if (scopes.length === 0 || unknown.length)
        fail(unknown.length ? `unknown scope ${unknown.join(", ")}` : "at least one --scope is required");
      const days = values["expires-in-days"];
      if (days !== undefined && !/^[1-9]\d{0,4}$/.test(days))
        fail("--expires-in-days must be a whole number of days, at least 1");
      const { key, record } = await createApiKey(db, {
        operatorSlug: values.operator,
        scopes: scopes as ApiScopeName[],
        partnerSlug: values.partner,
        expiresInDays: days === undefined ? undefined : Number(days),
        name: values.name,
        now: new Date(),
      });
      console.log(
        `Created key ${record.prefix} for ${values.operator}${record.partner ? ` / ${record.partner.slug}` : ""} with ${record.scopes.map(scopeFromDb).join(", ")}${record.expiresAt ? `, expiring ${record.expiresAt.toISOString()}` : ""}.`,
      );
      console.log("Store it now: it is shown only once.");
      console.log(key);
      break;
    }
    case "list": {
      if (!values.operator) fail("--operator is required");
      const operator = await operatorBySlug(db, values.operator);
      if (!operator) fail(`no operator ${values.operator}`);
      const keys = await listApiKeys(db, operator.id);
      for (const k of keys) {
        const state = keyState(k, new Date());
        console.log(
          [
            k.prefix,
            state,
            k.partner?.slug ?? "-",
            k.scopes.map(scopeFromDb).join(","),
            k.createdAt.toISOString(),
            k.lastUsedAt?.toISOString() ?? "never used",
          ].join("\t"),
        );
      }
      if (keys.length === 0) console.log(`${values.operator} has no API keys.`);
      break;
    }
    case "revoke": {
      const [prefix] = positionals;
      if (!prefix) fail("revoke needs the key's prefix, e.g. sw_AbC12345");
      const key = await revokeApiKey(db, prefix, new Date());
      console.log(`Revoked ${key.prefix}.`);
      break;
    }
    default:
      fail(command ? `unknown command ${command}` : "a command is required");
  }
});
