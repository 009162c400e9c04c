import type { FastifyError } from "fastify";

import { describeError } from "./describe-error.ts";
import { problem, type Problem } from "./problem.ts";

/** The code of the error a body that is not valid UTF-8 raises while it is read. */
export const BODY_NOT_UTF8 = "SW_BODY_NOT_UTF8";
/** The code of the error a body longer than its path allows raises while it is read; its message says the limit. */
export const BODY_TOO_LARGE = "SW_BODY_TOO_LARGE";
/** The code of the error a JSON body raises when one of its numbers would not be taken as written; its message names it. */
export const NUMBER_NOT_EXACT = "SW_NUMBER_NOT_EXACT";

/** Errors Fastify raises itself, before any procedure runs, in the contract's terms. */
export function describeFrameworkError(error: FastifyError): Problem {
  switch (error.code) {
    case "FST_ERR_BAD_URL":
      return problem("invalid-parameter", "The path is not a valid URL: it has broken percent-encoding");
    case "FST_STATIC_FORBIDDEN_PATH":
      return problem("not-found", "There is nothing at this path");
    case "FST_ERR_MAX_PARAM_LENGTH":
      return problem("uri-too-long", "A path segment is longer than 2,048 characters");
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return problem("payload-too-large", "The body is larger than 1 MiB");
    case BODY_TOO_LARGE:
      return problem("payload-too-large", error.message);
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return problem("unsupported-media-type", "The body must be JSON, sent with Content-Type: application/json");
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return problem("malformed-json", "The body is empty although Content-Type says JSON");
    case NUMBER_NOT_EXACT:
      return problem("validation", error.message, { errors: [{ field: "", message: error.message }] });
    case BODY_NOT_UTF8:
      return problem("malformed-json", "The body is not valid UTF-8");
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      // Fastify's parser refuses both with this one code, keeping no detail to tell them apart.
      return problem("malformed-json", "The body is not valid JSON, or names __proto__ or constructor.prototype");
    default:
      if (error instanceof SyntaxError || error.statusCode === 400)
        return problem("malformed-json", "The body is not valid JSON");
      return describeError(error);
  }
}
