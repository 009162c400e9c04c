import type { listWebhookEndpoints } from "@slotwise/db";

type EndpointRow = Awaited<ReturnType<typeof listWebhookEndpoints>>[number];

/** An endpoint as the console lists it: never its signing secret. */
export function presentWebhookEndpoint(e: Omit<EndpointRow, "secret">) {
  return {
    id: e.id,
    partner: { slug: e.partner.slug, name: e.partner.name },
    url: e.url,
    events: e.events,
    createdAt: e.createdAt.toISOString(),
    /** Set when it failed every attempt for 3 days: nothing is sent to it any more. */
    disabledAt: e.disabledAt?.toISOString() ?? null,
    failingSince: e.failingSince?.toISOString() ?? null,
  };
}
