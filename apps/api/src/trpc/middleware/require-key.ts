import { ForbiddenError, UnauthorizedError, type ApiScopeName } from "@slotwise/core";
import { t } from "../init.ts";

const SCOPE_PURPOSE: Record<ApiScopeName, string> = {
  ota: "the partner (OTA) endpoints",
  "usage:write": "recording usage",
  "usage:read": "reading usage summaries",
};

/**
 * `Authorization: Bearer <key>` with the scope the path needs. Runs before the input is
 * parsed: a caller without a valid key learns nothing about the request's shape.
 */
export function requireKey(scope: ApiScopeName) {
  return t.middleware(async ({ ctx, next }) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(ctx.authorization ?? "");
    if (!match?.[1]) throw new UnauthorizedError("Send your API key as Authorization: Bearer <key>");
    const principal = await ctx.authenticateKey(match[1]);
    if (!principal) throw new UnauthorizedError("The API key is unknown, revoked or expired");
    if (!principal.scopes.includes(scope)) {
      throw new ForbiddenError(`This key does not have the ${scope} scope needed for ${SCOPE_PURPOSE[scope]}`);
    }
    return next({ ctx: { ...ctx, principal } });
  });
}

/** The `{partner}` path segment must be the key's own partner. */
export const requirePartnerSegment = t.middleware(async ({ ctx, next, getRawInput }) => {
  const principal = ctx.principal;
  if (principal?.kind !== "api-key") throw new UnauthorizedError("Send your API key as Authorization: Bearer <key>");
  const input = (await getRawInput()) as { partner?: unknown } | undefined;
  const segment = typeof input?.partner === "string" ? input.partner : "";
  if (!principal.partner || segment.toLowerCase() !== principal.partner.slug) {
    const own = principal.partner ? `; this key belongs to partner ${principal.partner.slug}: use /api/v2/ota/${principal.partner.slug}/…` : "";
    throw new ForbiddenError(`This key may not act for partner ${segment || "(none)"}${own}`);
  }
  return next({ ctx: { ...ctx, principal } });
});
