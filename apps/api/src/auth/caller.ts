import { UnauthorizedError } from "@slotwise/core";
import { findSession } from "@slotwise/db";

import { TooManyRequestsError } from "../problems/too-many-requests.ts";
import type { ApiKeyPrincipal, ConsolePrincipal, Services } from "../trpc/context.ts";
import { bearerToken } from "./bearer-token.ts";

/** What a request says about who sends it, as the gate (http/gate.ts) reads it once. */
export interface Credentials {
  /** The `Authorization` header, as sent. */
  authorization?: string | undefined;
  /** The console's session cookie. */
  sessionToken?: string | undefined;
  /** The client's address (X-Forwarded-For only from a trusted proxy). */
  address?: string | undefined;
}

/**
 * Who a request's caller is, looked up when a procedure or a fast path first asks. A refusal
 * (the 401 or 429 it stands for) is kept for every later asker, so it is counted once; a key
 * that holds is looked up again by each asker (from the cache), so that a procedure that ran
 * after a wait sees a revocation made meanwhile.
 */
export interface Caller {
  readonly address: string;
  readonly authorization: string | undefined;
  /** The key in `Authorization: Bearer <key>`. */
  readonly token: string | undefined;
  readonly sessionToken: string | undefined;
  /** The key's principal; 401 when there is no valid key, 429 when the address failed too often. */
  apiKey(): Promise<ApiKeyPrincipal>;
  /** The signed-in console user; 401 without a live session, 429 as for keys. */
  session(): Promise<ConsolePrincipal>;
}

type Authenticating = Pick<Services, "authenticateKey" | "guards" | "db" | "now">;

export function callerOf(services: Authenticating, credentials: Credentials): Caller {
  const address = credentials.address ?? "local";
  const token = bearerToken(credentials.authorization);
  const { sessionToken } = credentials;
  const { guards } = services;
  let keyRefused: Error | undefined;
  let session: Promise<ConsolePrincipal> | undefined;

  async function lookUpKey(): Promise<ApiKeyPrincipal> {
    await guards.reserveAuthFailure(address);
    let principal: ApiKeyPrincipal | null;
    try {
      principal = token ? await services.authenticateKey(token) : null;
    } catch (error) {
      // A lookup that failed is no failed authentication: the share goes back.
      await guards.authSucceeded(address);
      throw error;
    }
    if (!principal) {
      throw new UnauthorizedError(
        token ? "The API key is unknown, revoked or expired" : "Send your API key as Authorization: Bearer <key>",
      );
    }
    await guards.authSucceeded(address);
    return principal;
  }
  return {
    address,
    authorization: credentials.authorization,
    token,
    sessionToken,
    apiKey: async () => {
      if (keyRefused) throw keyRefused;
      try {
        return await lookUpKey();
      } catch (error) {
        // Only a refusal: a lookup that failed is tried again by the next asker.
        if (error instanceof UnauthorizedError || error instanceof TooManyRequestsError) keyRefused = error;
        throw error;
      }
    },
    session: () =>
      (session ??= (async () => {
        // A browser without a cookie is not guessing; one with a cookie that names no session may be.
        if (!sessionToken) {
          await guards.checkAuthFailures(address);
          throw new UnauthorizedError("Sign in to continue");
        }
        await guards.reserveAuthFailure(address);
        const found = await findSession(services.db, sessionToken, services.now()).catch(async (error: unknown) => {
          await guards.authSucceeded(address);
          throw error;
        });
        if (!found) throw new UnauthorizedError("Sign in to continue");
        await guards.authSucceeded(address);
        return {
          kind: "console" as const,
          userId: found.userId,
          operatorId: found.user.operatorId,
          email: found.user.email,
        };
      })()),
  };
}
