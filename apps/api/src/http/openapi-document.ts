import { STATUS_CODES } from "node:http";

import type { OpenAPIV3_1 } from "openapi-types";
import { generateOpenApiDocument } from "trpc-to-openapi";

import { operationProblems, statusesOf } from "../problems/operation-problems.ts";
import { PROBLEM_KINDS } from "../problems/problem-kinds.ts";
import { appRouter } from "../trpc/app-router.ts";
import type { Meta } from "../trpc/meta.ts";
import { routes } from "./rest-routes.ts";

type Document = OpenAPIV3_1.Document;
type Operation = OpenAPIV3_1.OperationObject;

const DESCRIPTION = `The partner API of a tours-and-activities operator.

**Authentication.** Every request sends \`Authorization: Bearer <key>\`. An OTA key is bound to one partner: use your partner slug as the \`{partner}\` path segment (\`core\` works for questions with any OTA key). Usage endpoints need the \`usage:write\` or \`usage:read\` scope.

**Errors.** Every error is an RFC 7807 problem document (\`application/problem+json\`) with \`type\`, \`title\`, \`status\`, \`detail\` and \`instance\`. A 422 lists each failing field in \`errors\`; a 409 for capacity says how many places are \`available\`.

**Rate limits.** A budget per key (by default 50 requests per second, bursts up to 100); every response carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`, and a 429 carries \`Retry-After\`.

**Retries.** Creating, confirming and changing a booking and recording usage accept an \`Idempotency-Key\` header (kept 24 hours): a repeat with the same body returns the first response with \`Idempotent-Replayed: true\`.

**Dates and times** are local to the activity's \`TimeZone\`.`;

const problemSchema: OpenAPIV3_1.SchemaObject = {
  type: "object",
  required: ["type", "title", "status", "detail", "instance"],
  properties: {
    type: {
      type: "string",
      format: "uri",
      description: "Address of a page describing the kind of problem",
      example: "http://localhost:3001/problems/validation",
    },
    title: { type: "string", description: "The HTTP status text", example: "Unprocessable Entity" },
    status: { type: "integer", description: "The HTTP status", example: 422 },
    detail: {
      type: "string",
      description: "What went wrong, specifically",
      example: "Customer.Email must be an e-mail address",
    },
    instance: { type: "string", description: "The request path", example: "/api/v2/ota/acme-travel/booking" },
    errors: {
      type: "array",
      description: "422 validation only: one item per failing field",
      items: {
        type: "object",
        required: ["field", "message"],
        properties: { field: { type: "string", example: "Customer.Email" }, message: { type: "string" } },
      },
    },
    available: { type: "integer", description: "409 insufficient-capacity only: places still free" },
  },
};

const rateLimitHeaders: Record<string, OpenAPIV3_1.HeaderObject> = {
  "RateLimit-Limit": { description: "Requests per second allowed for this key", schema: { type: "integer" } },
  "RateLimit-Remaining": { description: "Requests left in the current second", schema: { type: "integer" } },
  "RateLimit-Reset": { description: "Seconds until the budget refills", schema: { type: "integer" } },
};

function problemResponse(status: number): OpenAPIV3_1.ResponseObject {
  const kinds = Object.entries(PROBLEM_KINDS)
    .filter(([, k]) => k.status === status)
    .map(([kind]) => `\`${kind}\``);
  return {
    description: `${STATUS_CODES[status] ?? "Error"}${kinds.length ? ` (${kinds.join(", ")})` : ""}`,
    headers:
      status === 429
        ? { ...rateLimitHeaders, "Retry-After": { description: "Seconds to wait", schema: { type: "integer" } } }
        : {},
    content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
  };
}

/**
 * The OpenAPI 3.1 document of the REST paths. trpc-to-openapi writes every success as 200
 * and every error as its own JSON shape; this corrects both, and adds what the library does
 * not know: bearer security, problem documents, headers of caching, idempotency and rates.
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
  const allStatuses = statusesOf(
    routes.flatMap((r) => operationProblems(r.method, r.meta.openapi?.path ?? "", r.meta.problems)),
  );
  generated.components = {
    schemas: { ...schemas, Problem: problemSchema },
    responses: Object.fromEntries(allStatuses.map((s) => [`Problem${s}`, problemResponse(s)])),
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
