import type { FastifyRequest } from "fastify";

import { instanceOf } from "./request-path.ts";
import { REST_PREFIX } from "./rest-prefix.ts";
import { routes } from "./rest-routes.ts";

const withPostQuery = routes.filter((r) => r.method === "POST" && (r.meta.postQuery?.length ?? 0) > 0);

/**
 * trpc-to-openapi reads a POST's input from its body alone: the query parameters a route
 * declares (`postQuery`, e.g. `?dryRun=true`) join the body here, a body member of the same
 * name giving way to them. Other routes' query strings stay ignored.
 */
export function joinPostQuery(request: FastifyRequest): void {
  if (request.method !== "POST" || withPostQuery.length === 0) return;
  const query = request.query as Record<string, unknown> | undefined;
  if (!query || Object.keys(query).length === 0) return;
  const local = instanceOf(request).slice(REST_PREFIX.length);
  const route = withPostQuery.find((r) => r.pattern.test(local));
  if (!route) return;
  const body = request.body as Record<string, unknown>;
  for (const name of route.meta.postQuery ?? []) if (query[name] !== undefined) body[name] = query[name];
}
