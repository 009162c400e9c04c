import type { FastifyRequest } from "fastify";

import { parameterSpelling } from "../inputs/parameter-spelling.ts";
import { instanceOf } from "./request-path.ts";
import { REST_PREFIX } from "./rest-prefix.ts";
import { routes } from "./rest-routes.ts";

const withPostQuery = routes.filter((r) => r.method === "POST" && (r.meta.postQuery?.length ?? 0) > 0);

/**
 * trpc-to-openapi reads a POST's input from its body alone: the query parameters a route
 * declares (`postQuery`, e.g. `?dryRun=true`) join the body here, a body member of the same
 * name giving way to them; so do the same names spelt another way (`dryrun`, `dry_run`), for the
 * route's input schema to refuse rather than ignore. Other query parameters stay ignored.
 */
export function joinPostQuery(request: FastifyRequest): void {
  if (request.method !== "POST" || withPostQuery.length === 0) return;
  const query = request.query as Record<string, unknown> | undefined;
  if (!query || Object.keys(query).length === 0) return;
  const local = instanceOf(request).slice(REST_PREFIX.length);
  const route = withPostQuery.find((r) => r.pattern.test(local));
  if (!route) return;
  const body = request.body as Record<string, unknown>;
  const declared = new Set((route.meta.postQuery ?? []).map(parameterSpelling));
  for (const [name, value] of Object.entries(query)) if (declared.has(parameterSpelling(name))) body[name] = value;
}
