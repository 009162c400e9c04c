import { createHash } from "node:crypto";

import { describe, expect, it } from "vitest";

import { createApiKey, findApiKeyByHash } from "../src/api-keys/api-keys.ts";
import { hashApiKey } from "../src/api-keys/hash-api-key.ts";
import { useTestDatabase } from "../src/testing/use-test-database.ts";

const { db } = await useTestDatabase();

describe("API keys at rest", () => {
  it("are stored as the SHA-256 of the whole key, in hex, which keys issued before keep matching", () => {
    expect(hashApiKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("hash a key the same when its hash is remembered, and every key to its own", () => {
    const keys = Array.from({ length: 3 }, (_, i) => `sw_abcdefg${i}_${"k".repeat(39)}${i}`);
    const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
    for (let round = 0; round < 3; round++) {
      for (const key of keys) expect(hashApiKey(key)).toBe(sha256(key));
    }
    expect(new Set(keys.map(hashApiKey)).size).toBe(3);
  });

  it("keep only the display prefix in clear, and are found again by the hash of the key presented", async () => {
    await db.operator.create({ data: { slug: "keys", name: "Keys", timeZone: "Europe/Lisbon" } });
    const { key, record } = await createApiKey(db, { operatorSlug: "keys", scopes: ["usage:write"], now: new Date() });
    expect(record.prefix).toBe(key.slice(0, 11));
    expect(record.hash).toBe(hashApiKey(key));
    expect(JSON.stringify(record)).not.toContain(key.slice(11));
    expect((await findApiKeyByHash(db, hashApiKey(key)))?.id).toBe(record.id);
    const oneCharacterOff = key.slice(0, -1) + (key.endsWith("x") ? "y" : "x");
    expect(await findApiKeyByHash(db, hashApiKey(oneCharacterOff))).toBeNull();
  });

  it("name every scope when none is given, and bind no catalog or checkin key to a partner", async () => {
    await db.operator.create({ data: { slug: "scoped", name: "Scoped", timeZone: "Europe/Lisbon" } });
    await db.partner.create({
      data: {
        operatorId: (await db.operator.findUniqueOrThrow({ where: { slug: "scoped" } })).id,
        slug: "agent",
        name: "Agent",
      },
    });
    await expect(createApiKey(db, { operatorSlug: "scoped", scopes: [], now: new Date() })).rejects.toMatchObject({
      errors: [
        { field: "scopes", message: "scopes must name at least one of ota, usage:write, usage:read, catalog, checkin" },
      ],
    });
    for (const scopes of [["catalog"], ["checkin"], ["ota", "catalog"]] as const)
      await expect(
        createApiKey(db, { operatorSlug: "scoped", scopes: [...scopes], partnerSlug: "agent", now: new Date() }),
      ).rejects.toMatchObject({ errors: [{ field: "partner" }] });
    expect(await db.apiKey.count({ where: { operator: { slug: "scoped" } } })).toBe(0);
    const { record } = await createApiKey(db, {
      operatorSlug: "scoped",
      scopes: ["catalog", "checkin"],
      now: new Date(),
    });
    expect(record.partner).toBeNull();
  });
});
