import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

import type { OpenAPIV3_1 } from "openapi-types";
import { parse } from "yaml";

import { OCTO_PREFIX } from "../http/rest-prefix.ts";

export const OCTO_TAG = "OCTO";

type Json = unknown;

/** OCTO's 3.0 `nullable: true` as OpenAPI 3.1 says it: `null` among the types. */
function to31(node: Json): Json {
  if (Array.isArray(node)) return node.map(to31);
  if (node === null || typeof node !== "object") return node;
  const { nullable, ...rest } = node as Record<string, Json>;
  const converted = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, to31(v)]));
  if (nullable !== true) return converted;
  if (typeof converted.type === "string") return { ...converted, type: [converted.type, "null"] };
  return { anyOf: [converted, { type: "null" }] };
}

/** OCTO's components renamed `Octo…`, so that they sit beside the REST schemas without clashing. */
function renamed(text: string): string {
  return text.replace(/#\/components\/(\w+)\/([^"]+)/g, "#/components/$1/Octo$2");
}

interface OctoParts {
  paths: OpenAPIV3_1.PathsObject;
  components: OpenAPIV3_1.ComponentsObject;
  tag: OpenAPIV3_1.TagObject;
}

/**
 * The `/octo` operations for the OpenAPI document: OCTO's own description as `@octocloud/types`
 * ships it (its paths, bodies, answers and errors), under this API's `/octo` prefix, tagged
 * OCTO, on the API's origin rather than the REST base, with the same bearer key.
 */
export function octoOpenApiParts(publicBaseUrl: string): OctoParts {
  const require = createRequire(import.meta.url);
  const file = join(dirname(require.resolve("@octocloud/types/package.json")), "src", "openapi.yaml");
  const spec = JSON.parse(renamed(JSON.stringify(parse(readFileSync(file, "utf8"))))) as {
    paths: Record<string, Record<string, Json>>;
    components: Record<string, Record<string, Json>>;
  };
  const servers = [{ url: publicBaseUrl.replace(/\/$/, ""), description: "OCTO lives at the API's origin" }];
  const paths: OpenAPIV3_1.PathsObject = {};
  for (const [path, item] of Object.entries(spec.paths)) {
    const operations = Object.fromEntries(
      Object.entries(item).map(([method, operation]) => [
        method,
        { ...(to31(operation) as object), tags: [OCTO_TAG], security: [{ bearer: [] }], servers },
      ]),
    );
    paths[`${OCTO_PREFIX}${path.replace(/\/$/, "")}`] = operations;
  }
  const components: Record<string, Record<string, Json>> = {};
  for (const [kind, entries] of Object.entries(spec.components)) {
    // OCTO's own security scheme is the same bearer key this document already declares.
    if (kind === "securitySchemes") continue;
    components[kind] = Object.fromEntries(Object.entries(entries).map(([name, value]) => [`Octo${name}`, to31(value)]));
  }
  return {
    paths,
    components: components,
    tag: {
      name: OCTO_TAG,
      description:
        "The OCTO supplier API (contract section 19): the same catalogue, availability and bookings in OCTO's words, with an ota key whose partner is the reseller. Errors are OCTO's, not problem documents.",
    },
  };
}
