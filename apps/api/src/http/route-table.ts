import type { AnyTRPCRouter } from "@trpc/server";

import type { Meta } from "../trpc/meta.ts";

export interface RestRoute {
  method: string;
  /** The path as the procedure declares it, e.g. `/ota/{partner}/booking`. */
  template: string;
  pattern: RegExp;
  procedurePath: string;
  meta: Meta;
}

/** The REST routes of a router, as trpc-to-openapi matches them (case-insensitive, one segment per parameter). */
export function restRoutes(router: AnyTRPCRouter): RestRoute[] {
  const procedures = router._def.procedures as Record<string, { _def: { meta?: Meta } }>;
  return Object.entries(procedures).flatMap(([procedurePath, procedure]) => {
    const openapi = procedure._def.meta?.openapi;
    if (!openapi) return [];
    const source = openapi.path.replace(/\{(\w+)\}/g, "[^/]+");
    return [
      {
        method: openapi.method,
        template: openapi.path,
        pattern: new RegExp(`^${source}/?$`, "i"),
        procedurePath,
        meta: procedure._def.meta ?? {},
      },
    ];
  });
}

export function methodsFor(routes: readonly RestRoute[], path: string): string[] {
  return [...new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method))];
}

export function metaByProcedure(routes: readonly RestRoute[]): Map<string, Meta> {
  return new Map(routes.map((r) => [r.procedurePath, r.meta]));
}
