import { STATUS_CODES } from "node:http";

import type { OpenAPIV3_1 } from "openapi-types";

import { PROBLEM_KINDS, type ProblemKind } from "../problems/problem-kinds.ts";

/** The fixed parts of the OpenAPI document: its description, the problem schema and the responses of each status. */

export const DESCRIPTION = `The partner API of a tours-and-activities operator.

**Authentication.** Every request sends \`Authorization: Bearer <key>\`. An OTA key is bound to one partner: use your partner slug as the \`{partner}\` path segment (\`core\` works for questions with any OTA key). Usage endpoints need the \`usage:write\` or \`usage:read\` scope.

**Errors.** Every error is an RFC 7807 problem document (\`application/problem+json\`) with \`type\`, \`title\`, \`status\`, \`detail\` and \`instance\`. A 422 lists each failing field in \`errors\`; a 409 for capacity says how many places are \`available\`.

**Rate limits.** A budget per key (by default 50 requests per second, bursts up to 100); every response carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`, and a 429 carries \`Retry-After\`.

**Retries.** Creating, confirming and changing a booking and recording usage accept an \`Idempotency-Key\` header (kept 24 hours): a repeat with the same body returns the first response with \`Idempotent-Replayed: true\`.

**Dates and times** are local to the activity's \`TimeZone\`.`;

export const problemSchema: OpenAPIV3_1.SchemaObject = {
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

export const rateLimitHeaders: Record<string, OpenAPIV3_1.HeaderObject> = {
  "RateLimit-Limit": { description: "Requests per second allowed for this key", schema: { type: "integer" } },
  "RateLimit-Remaining": { description: "Requests left in the current second", schema: { type: "integer" } },
  "RateLimit-Reset": { description: "Seconds until the budget refills", schema: { type: "integer" } },
};

/**
 * The shared response of a status, naming the kinds of it that `documented`, the operations'
 * problems, hold: a kind only other routes answer (the console's, the ticket pages') is not a
 * partner's to expect.
 */
export function problemResponse(status: number, documented: readonly ProblemKind[]): OpenAPIV3_1.ResponseObject {
  const kinds = (Object.keys(PROBLEM_KINDS) as ProblemKind[])
    .filter((kind) => PROBLEM_KINDS[kind].status === status && documented.includes(kind))
    .map((kind) => `\`${kind}\``);
  return {
    description: `${STATUS_CODES[status] ?? "Error"}${kinds.length ? ` (${kinds.join(", ")})` : ""}`,
    headers:
      status === 429
        ? { ...rateLimitHeaders, "Retry-After": { description: "Seconds to wait", schema: { type: "integer" } } }
        : {},
    content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
  };
}
