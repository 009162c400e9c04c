import type { FastifyInstance } from "fastify";

import { ExactDecimal } from "@slotwise/core";

import { NUMBER_NOT_EXACT } from "../problems/framework-errors.ts";

/**
 * A number with 16 or more significant digits has a run of at least 16 digits and points; most
 * bodies have none. Tried only where a run starts: 0.2 ms for a batch of 1,000 entries, 0.3 ms
 * when tried everywhere.
 */
const LONG_RUN = /(?<![\d.])[\d.]{16}/;
/** The strings and numbers of a JSON text in order: strings whole, so that no digit inside one is taken for a number. */
const TOKENS = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

function significantDigits(number: string): number {
  const mantissa = number.replace(/^-/, "").split(/[eE]/)[0] ?? "";
  return mantissa.replace(".", "").replace(/^0+/, "").replace(/0+$/, "").length;
}

/**
 * The first number in a valid JSON text that parsing would change: JSON numbers are read as
 * doubles, so `0.1000000000000000001` arrives as 0.1, and the service would store a value the
 * client did not write. Only a number of 16 significant digits or more can change (every
 * decimal of 15 survives the trip), and it is kept exactly when its double's shortest decimal,
 * what the service stores, is the number as written.
 */
export function inexactNumber(json: string): string | undefined {
  if (!LONG_RUN.test(json)) return undefined;
  for (const [token] of json.matchAll(TOKENS)) {
    if (token.startsWith('"') || significantDigits(token) <= 15) continue;
    if (!new ExactDecimal(token).eq(new ExactDecimal(Number(token)))) return token;
  }
  return undefined;
}

/**
 * Fastify's own JSON parser (a body naming `__proto__` or `constructor.prototype` is refused),
 * then the numbers checked: one that parsing would change is refused, never stored rounded.
 */
export function parseJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    void parse(request, text, (error, value) => {
      if (error) {
        done(error);
        return;
      }
      const inexact = inexactNumber(text);
      if (inexact === undefined) {
        done(null, value);
        return;
      }
      const message = `The number ${inexact.length > 40 ? `${inexact.slice(0, 40)}…` : inexact} has more digits than a JSON number carries exactly: send at most 15 significant digits`;
      done(Object.assign(new Error(message), { statusCode: 422, code: NUMBER_NOT_EXACT }), undefined);
    });
  });
}
