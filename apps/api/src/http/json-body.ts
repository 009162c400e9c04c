import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";

import { NUMBER_NOT_EXACT } from "../problems/framework-problem.ts";

/**
 * A number with 16 or more significant digits has a run of at least 16 digits and points; most
 * bodies have none. Tried only where a run starts, which is cheaper than trying at every character.
 */
const LONG_RUN = /(?<![\d.])[\d.]{16}/;
/** The strings and numbers of a JSON text in order: strings whole, so that no digit inside one is taken for a number. */
const TOKENS = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/**
 * A number's significant digits and the place of its first one, as `digits@place` with its
 * sign: the same for every spelling of one value (`1.50`, `15e-1`, `0.15E1`). One pass over
 * the characters: a body may hold a number of a million digits.
 */
function canonical(number: string): { digits: number; form: string } {
  const negative = number.startsWith("-");
  const unsigned = negative ? number.slice(1) : number;
  const e = unsigned.search(/[eE]/);
  const mantissa = e < 0 ? unsigned : unsigned.slice(0, e);
  const point = mantissa.indexOf(".");
  const digits = point < 0 ? mantissa : mantissa.slice(0, point) + mantissa.slice(point + 1);
  let first = 0;
  while (first < digits.length && digits.charCodeAt(first) === 48) first++;
  if (first === digits.length) return { digits: 0, form: "0" };
  let last = digits.length - 1;
  while (digits.charCodeAt(last) === 48) last--;
  const place = (point < 0 ? mantissa.length : point) + (e < 0 ? 0 : Number(unsigned.slice(e + 1))) - first;
  return { digits: last - first + 1, form: `${negative ? "-" : ""}${digits.slice(first, last + 1)}@${place}` };
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
    if (token.startsWith('"')) continue;
    const written = canonical(token);
    if (written.digits <= 15) continue;
    const read = Number(token);
    if (!Number.isFinite(read) || canonical(String(read)).form !== written.form) return token;
  }
  return undefined;
}

function inexactNumberMessage(number: string): string {
  const shown = number.length > 40 ? `${number.slice(0, 40)}…` : number;
  return `The number ${shown} has more digits than a JSON number carries exactly: send at most 15 significant digits`;
}

/** A JSON body read, or why it is refused: an error whose code `toProblem` words. */
export type JsonBodyReading = { value: unknown } | { error: FastifyError };

/**
 * Reads JSON bodies as Fastify's own parser does (a body naming `__proto__` or
 * `constructor.prototype` is refused), then checks their numbers: one that parsing would change
 * is refused, never stored rounded. Used by the root parser and by `/trpc`'s context.
 */
export function jsonBodyReader(app: FastifyInstance): (request: FastifyRequest, text: string) => JsonBodyReading {
  const parse = app.getDefaultJsonParser("error", "error");
  return (request, text) => {
    // Fastify's default parser answers through its callback before it returns.
    let reading: JsonBodyReading | undefined;
    void parse(request, text, (error, value) => {
      reading = error ? { error: error as FastifyError } : { value };
    });
    if (reading === undefined) throw new Error("Fastify's JSON parser did not answer at once");
    if ("error" in reading) return reading;
    const inexact = inexactNumber(text);
    if (inexact === undefined) return reading;
    const error = Object.assign(new Error(inexactNumberMessage(inexact)), { statusCode: 422, code: NUMBER_NOT_EXACT });
    return { error };
  };
}

/** Every JSON body outside `/trpc` is read by `jsonBodyReader`. */
export function parseJsonBodies(app: FastifyInstance): void {
  const read = jsonBodyReader(app);
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const reading = read(request, typeof body === "string" ? body : body.toString("utf8"));
    if ("error" in reading) done(reading.error, undefined);
    else done(null, reading.value);
  });
}
