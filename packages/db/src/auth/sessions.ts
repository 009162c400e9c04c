import { createHash, randomBytes } from "node:crypto";

import { normalizeEmail } from "@slotwise/core";

import type { Db } from "../tx.ts";
import { verifyPassword } from "./password.ts";

export const SESSION_DAYS = 14;
/** How stale `lastSeenAt` may get: writing it on every request would cost a write per read. */
const LAST_SEEN_EVERY_MS = 60_000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Checks an e-mail and password; the same null for an unknown e-mail and a wrong password. */
export async function checkCredentials(db: Db, email: string, password: string) {
  const user = await db.consoleUser.findUnique({
    where: { email: normalizeEmail(email) },
    include: { operator: true },
  });
  // Verify against a fixed hash for unknown users too, so timing does not tell which e-mails exist.
  const ok = await verifyPassword(
    password,
    user?.passwordHash ?? "scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
  );
  return ok && user ? user : null;
}

/** A new session; the token goes into the cookie and only its hash into the database. */
export async function createSession(db: Db, userId: number, now: Date) {
  const token = randomBytes(32).toString("base64url");
  await db.consoleSession.create({
    data: {
      userId,
      tokenHash: hashToken(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_DAYS * 86_400_000),
    },
  });
  return token;
}

export async function findSession(db: Db, token: string, now: Date) {
  const session = await db.consoleSession.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { user: { include: { operator: true } } },
  });
  if (!session || session.expiresAt <= now) return null;
  if (now.getTime() - session.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
    await db.consoleSession.update({ where: { id: session.id }, data: { lastSeenAt: now } });
  }
  return session;
}

export async function endSession(db: Db, token: string): Promise<void> {
  await db.consoleSession.deleteMany({ where: { tokenHash: hashToken(token) } });
}

/** The signed-in user with their operator, for the console's header. */
export function consoleUserWithOperator(db: Db, userId: number) {
  return db.consoleUser.findUniqueOrThrow({ where: { id: userId }, include: { operator: true } });
}
