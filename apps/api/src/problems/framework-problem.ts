import type { ProblemKind } from "./problem-kinds.ts";
import { problem, type Problem } from "./problem.ts";

/** The code of the error a body that is not valid UTF-8 raises while it is read. */
export const BODY_NOT_UTF8 = "SW_BODY_NOT_UTF8";
/** The code of the error a body longer than its path allows raises while it is read; its message says the limit. */
export const BODY_TOO_LARGE = "SW_BODY_TOO_LARGE";
/** The code of the error a JSON body raises when one of its numbers would not be taken as written; its message names it. */
export const NUMBER_NOT_EXACT = "SW_NUMBER_NOT_EXACT";

/** Each refusal's words, written once whichever layer raises it. */
export const REFUSAL_WORDS = {
  nothingHere: ["not-found", "There is nothing at this path"],
  brokenUrl: ["invalid-parameter", "The path is not a valid URL: it has broken percent-encoding"],
  notJsonType: ["unsupported-media-type", "The body must be JSON, sent with Content-Type: application/json"],
  notJson: ["malformed-json", "The body is not valid JSON"],
} as const satisfies Record<string, readonly [ProblemKind, string]>;

/** Errors the HTTP framework and the body reader raise before any procedure runs, by their code. */
export function frameworkProblem(code: string, message: string): Problem | null {
  switch (code) {
    case "FST_ERR_BAD_URL":
      return problem(...REFUSAL_WORDS.brokenUrl);
    case "FST_STATIC_FORBIDDEN_PATH":
      return problem(...REFUSAL_WORDS.nothingHere);
    case "FST_ERR_MAX_PARAM_LENGTH":
      return problem("uri-too-long", "A path segment is longer than 2,048 characters");
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return problem("payload-too-large", "The body is larger than 1 MiB");
    case BODY_TOO_LARGE:
      return problem("payload-too-large", message);
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return problem(...REFUSAL_WORDS.notJsonType);
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return problem("malformed-json", "The body is empty although Content-Type says JSON");
    case NUMBER_NOT_EXACT:
      return problem("validation", message, { errors: [{ field: "", message }] });
    case BODY_NOT_UTF8:
      return problem("malformed-json", "The body is not valid UTF-8");
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      // Fastify's parser refuses both with this one code, keeping no detail to tell them apart.
      return problem("malformed-json", "The body is not valid JSON, or names __proto__ or constructor.prototype");
    default:
      return null;
  }
}

/**
 * A body parser's refusal without a code of its own: a syntax error, or Fastify's 400. Only
 * errors the framework raised are read so: from a procedure or a service either is a fault.
 */
export function isBodyRefusal(error: unknown): boolean {
  return error instanceof SyntaxError || (error as { statusCode?: unknown } | null)?.statusCode === 400;
}
