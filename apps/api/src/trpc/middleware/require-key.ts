import { ForbiddenError, UnauthorizedError, type ApiScopeName } from "@slotwise/core";

import { ownsPartnerSegment } from "../../auth/owns-partner-segment.ts";
import type { PartnerPrincipal } from "../context.ts";
import { t } from "../init.ts";

const SCOPE_PURPOSE: Record<ApiScopeName, string> = {
  ota: "the partner (OTA) endpoints",
  "usage:write": "recording usage",
  "usage:read": "reading usage summaries",
  catalog: "the operator's catalogue",
  checkin: "checking guests in",
};

/**
 * A key (found by the gate's caller, auth/caller.ts) with the scope the path needs. Runs before the input is
 * parsed: a caller without a valid key learns nothing about the request's shape.
 */
export function requireKey(scope: ApiScopeName) {
  return t.middleware(async ({ ctx, next }) => {
    const principal = await ctx.caller.apiKey();
    if (!principal.scopes.includes(scope)) {
      throw new ForbiddenError(`This key does not have the ${scope} scope needed for ${SCOPE_PURPOSE[scope]}`);
    }
    // tRPC merges what is passed into the context: copying all of it here would be a second copy per request.
    return next({ ctx: { principal } });
  });
}

/** The `{partner}` path segment must be the key's own partner. */
export const requirePartnerSegment = t.middleware(async ({ ctx, next, getRawInput }) => {
  const principal = ctx.principal;
  if (principal?.kind !== "api-key") throw new UnauthorizedError("Send your API key as Authorization: Bearer <key>");
  const input = (await getRawInput()) as { partner?: unknown } | undefined;
  const segment = typeof input?.partner === "string" ? input.partner : "";
  if (!ownsPartnerSegment(principal, segment)) {
    const own = principal.partner
      ? `; this key belongs to partner ${principal.partner.slug}: use /api/v2/ota/${principal.partner.slug}/…`
      : "";
    throw new ForbiddenError(`This key may not act for partner ${segment || "(none)"}${own}`);
  }
  // Narrowed, so partner procedures never need a fallback for a key without a partner.
  return next({ ctx: { principal: principal satisfies PartnerPrincipal } });
});
