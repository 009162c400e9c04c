import type { ApiKeyPrincipal, PartnerPrincipal } from "../trpc/context.ts";

// Slugs are ASCII: a segment is compared only when it is, so no Unicode case mapping (the Kelvin
// sign lowercases to "k") can spell a partner's slug.
const ASCII_SLUG = /^[A-Za-z0-9-]+$/;

/**
 * Whether the `{partner}` segment of a partner path is the key's own partner: the one rule for
 * the procedures' middleware and the REST edge's early refusal, so both answer for the same keys.
 * Percent-encoded letters in the path were decoded before routing (`normalizePath`).
 */
export function ownsPartnerSegment(principal: ApiKeyPrincipal, segment: string): principal is PartnerPrincipal {
  return principal.partner !== null && ASCII_SLUG.test(segment) && segment.toLowerCase() === principal.partner.slug;
}
