import type { ApiKeyPrincipal, PartnerPrincipal } from "../trpc/context.ts";

/**
 * Whether the `{partner}` segment of a partner path is the key's own partner: the one rule for
 * the procedures' middleware and the REST edge's early refusal, so both answer for the same keys.
 * The segment is compared as RFC 3986 reads it, percent-escapes decoded (`acme%2Dtravel` is
 * `acme-travel`), and case-insensitively; one that does not decode names no partner.
 */
export function ownsPartnerSegment(principal: ApiKeyPrincipal, segment: string): principal is PartnerPrincipal {
  return principal.partner !== null && decoded(segment)?.toLowerCase() === principal.partner.slug;
}

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
