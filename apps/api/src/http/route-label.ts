import type { FastifyRequest } from "fastify";

import { instanceOf } from "./request-path.ts";
import { REST_PREFIX } from "./rest-prefix.ts";
import { routes } from "./rest-routes.ts";

/**
 * The route a request took, as a template (`/api/v2/ota/{partner}/booking`, `/trpc/:path`),
 * never the path itself: a metric label per path would let any client grow the metrics
 * without bound. A request no route matched is `unmatched`.
 */
export function routeLabel(request: FastifyRequest): string {
  const template = request.routeOptions.url;
  if (template === undefined) return "unmatched";
  // trpc-to-openapi serves every REST path through one wildcard route: find the declared one.
  if (template === `${REST_PREFIX}/*`) {
    const local = instanceOf(request).slice(REST_PREFIX.length);
    const route = routes.find((r) => r.method === request.method && r.pattern.test(local));
    return route ? `${REST_PREFIX}${route.template}` : "unmatched";
  }
  return template;
}
