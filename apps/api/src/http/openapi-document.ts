import type { OpenAPIV3_1 } from "openapi-types";
import { generateOpenApiDocument } from "trpc-to-openapi";

import { octoOpenApiParts } from "../octo/octo-openapi.ts";
import { operationProblems, statusesOf } from "../problems/operation-problems.ts";
import { appRouter } from "../trpc/app-router.ts";
import type { Meta } from "../trpc/meta.ts";
import { DESCRIPTION, problemResponse, problemSchema, rateLimitHeaders } from "./openapi-parts.ts";
import { REST_PREFIX } from "./rest-prefix.ts";
import { routes } from "./rest-routes.ts";

type Document = OpenAPIV3_1.Document;
type Operation = OpenAPIV3_1.OperationObject;

/**
 * The OpenAPI 3.1 document of the REST paths. trpc-to-openapi writes every success as 200
 * and every error as its own JSON shape; this corrects both, and adds what the library does
 * not know: bearer security, problem documents, headers of caching, idempotency and rates.
 * The `/octo` operations (Fastify routes, not tRPC) are added from OCTO's own description.
 */
export function openApiDocument(baseUrl: string): Document {
  const generated = generateOpenApiDocument(appRouter, {
    title: "Slotwise partner API",
    version: "2.0.0",
    baseUrl,
    description: DESCRIPTION,
  }) as unknown as Document;
  const metaByPath = new Map<string, Meta>(
    routes.map((r) => [`${r.method.toLowerCase()} ${r.meta.openapi?.path ?? ""}`, r.meta]),
  );
  const schemas = Object.fromEntries(
    Object.entries(generated.components?.schemas ?? {}).filter(([name]) => !name.startsWith("error.")),
  );

  for (const [path, item] of Object.entries(generated.paths ?? {})) {
    for (const method of ["get", "post", "patch", "delete"] as const) {
      const operation: Operation | undefined = item?.[method];
      if (!operation) continue;
      const meta = metaByPath.get(`${method} ${path}`);
      const idempotent = meta?.problems?.includes("idempotency-key-reuse") ?? false;
      const success = operation.responses?.["200"] as OpenAPIV3_1.ResponseObject | undefined;
      const status = String(meta?.successStatus ?? 200);
      const responses: OpenAPIV3_1.ResponsesObject = {};
      if (success) {
        const headers: Record<string, OpenAPIV3_1.HeaderObject> = { ...rateLimitHeaders };
        if (status === "201")
          headers.Location = { description: "Address of the created resource", schema: { type: "string" } };
        if (idempotent)
          headers["Idempotent-Replayed"] = {
            description: "`true` when this is the stored response to an earlier request with the same Idempotency-Key",
            schema: { type: "string" },
          };
        if (method === "get")
          headers.ETag = {
            description: "Send it back in If-None-Match to get 304 when nothing changed",
            schema: { type: "string" },
          };
        if (meta?.cacheControl)
          headers["Cache-Control"] = { description: meta.cacheControl, schema: { type: "string" } };
        responses[status] = { ...success, description: status === "201" ? "Created" : "OK", headers };
      }
      if (method === "get")
        responses["304"] = { description: "Not Modified: the ETag in If-None-Match is still current" };
      for (const code of statusesOf(operationProblems(method, path, meta?.problems)))
        responses[String(code)] = { $ref: `#/components/responses/Problem${code}` };
      operation.responses = responses;
      operation.security = [{ bearer: [] }];
      const parameters = (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
      if (idempotent) {
        parameters.push({
          in: "header",
          name: "Idempotency-Key",
          required: false,
          description: "Up to 255 characters; kept 24 hours per API key",
          schema: { type: "string", maxLength: 255 },
        });
      }
      if (method === "post" && meta?.postQuery) moveToQuery(operation, meta.postQuery);
      for (const name of method === "post" ? (meta?.postQuery ?? []) : [])
        parameters.push({
          in: "query",
          name,
          required: false,
          description: "`true`: answer what the operation would give and change nothing",
          schema: { type: "boolean" },
        });
      if (method === "get")
        parameters.push({
          in: "header",
          name: "If-None-Match",
          required: false,
          description: "An ETag from an earlier response",
          schema: { type: "string" },
        });
      parameters.push({
        in: "header",
        name: "X-Request-Id",
        required: false,
        description: "Echoed back; generated when absent",
        schema: { type: "string", maxLength: 128 },
      });
      operation.parameters = parameters;
    }
  }
  const documented = routes.flatMap((r) => operationProblems(r.method, r.meta.openapi?.path ?? "", r.meta.problems));
  const octo = octoOpenApiParts(baseUrl.endsWith(REST_PREFIX) ? baseUrl.slice(0, -REST_PREFIX.length) : baseUrl);
  generated.paths = { ...generated.paths, ...octo.paths };
  generated.tags = [...(generated.tags ?? []), octo.tag];
  const { schemas: octoSchemas, responses: octoResponses, ...octoComponents } = octo.components;
  generated.components = {
    ...octoComponents,
    schemas: { ...schemas, Problem: problemSchema, ...octoSchemas },
    responses: {
      ...Object.fromEntries(statusesOf(documented).map((s) => [`Problem${s}`, problemResponse(s, documented)])),
      ...octoResponses,
    },
    securitySchemes: {
      bearer: {
        type: "http",
        scheme: "bearer",
        description: "An API key issued from the console or with `pnpm api-key create`",
      },
    },
  };
  return generated;
}

/**
 * A POST's `postQuery` members are sent in the query string (the REST edge joins them to the
 * input), so they leave the documented body, and a body left with no member is no body at all.
 */
function moveToQuery(operation: Operation, names: readonly string[]): void {
  const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
  const schema = body?.content["application/json"]?.schema;
  if (!schema || !("properties" in schema) || !schema.properties) return;
  const kept = Object.entries(schema.properties).filter(([name]) => !names.includes(name));
  schema.properties = Object.fromEntries(kept);
  schema.required = schema.required?.filter((name) => !names.includes(name));
  if (kept.length === 0) delete operation.requestBody;
}
