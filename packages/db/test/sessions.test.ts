import { describe, expect, it } from "vitest";

import { createSession, findSession } from "../src/auth/sessions.ts";
import { useTestDatabase } from "../src/testing/use-test-database.ts";

const { db } = await useTestDatabase();
const operator = await db.operator.create({ data: { slug: "sessions", name: "Sessions" } });
const user = await db.consoleUser.create({
  data: { operatorId: operator.id, email: "front@example.com", name: "Front", passwordHash: "unused" },
});
const signedInAt = new Date("2026-06-01T12:00:00Z");
const later = (ms: number) => new Date(signedInAt.getTime() + ms);
const lastSeen = async () => (await db.consoleSession.findFirstOrThrow({ where: { userId: user.id } })).lastSeenAt;

describe("console sessions", () => {
  it("bring lastSeenAt up to date when used, at most once a minute", async () => {
    const token = await createSession(db, user.id, signedInAt);
    await findSession(db, token, later(30_000));
    expect(await lastSeen()).toEqual(signedInAt);
    await findSession(db, token, later(61_000));
    expect(await lastSeen()).toEqual(later(61_000));
    await findSession(db, token, later(90_000));
    expect(await lastSeen()).toEqual(later(61_000));
  });
});
