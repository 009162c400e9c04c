import type { ApiKeyPrincipal, Services } from "../trpc/context.ts";

/**
 * The key's principal for the REST edge's shortcuts (kept answers, early refusals), found as
 * the authentication middleware finds it: null when the client's address is blocked for failed
 * authentications or the key is not valid, and the shortcut then leaves the request to its
 * procedure, which answers (and counts the failure) as it always does.
 */
export async function edgePrincipal(services: Services, ip: string, token: string): Promise<ApiKeyPrincipal | null> {
  try {
    await services.guards.checkAuthFailures(ip);
  } catch {
    return null;
  }
  return services.authenticateKey(token);
}
