import type { FastifyError } from "fastify";
import { describeError, type ErrorDescription } from "../errors/describe-error.ts";

/** Errors Fastify raises itself, before any procedure runs, in the contract's terms. */
export function describeFrameworkError(error: FastifyError): ErrorDescription {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return { status: 413, kind: "payload-too-large", detail: "The body is larger than 64 KiB", extra: {} };
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return { status: 415, kind: "unsupported-media-type", detail: "The body must be JSON, sent with Content-Type: application/json", extra: {} };
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return { status: 400, kind: "malformed-json", detail: "The body is empty although Content-Type says JSON", extra: {} };
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return { status: 400, kind: "malformed-json", detail: "The body is not valid JSON", extra: {} };
    default:
      if (error instanceof SyntaxError || error.statusCode === 400) return { status: 400, kind: "malformed-json", detail: "The body is not valid JSON", extra: {} };
      return describeError(error);
  }
}
