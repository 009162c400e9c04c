import { Transform } from "node:stream";

import type { FastifyRequest } from "fastify";

import { BODY_NOT_UTF8, BODY_TOO_LARGE } from "../problems/framework-problem.ts";
import { problem, type Problem } from "../problems/problem.ts";

/**
 * Bodies are JSON in UTF-8, sent as they are: a compressed body or another charset would
 * otherwise reach the JSON parser as noise and be refused as malformed, for the wrong reason.
 */
export function unsupportedBodyEncoding(headers: FastifyRequest["headers"]): Problem | undefined {
  const coding = headers["content-encoding"]?.trim().toLowerCase();
  if (coding && coding !== "identity")
    return problem("unsupported-media-type", `Content-Encoding ${coding} is not accepted: send the body uncompressed`);
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(headers["content-type"] ?? "")?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8")
    return problem("unsupported-media-type", `Charset ${charset} is not accepted: bodies are UTF-8`);
  return undefined;
}

/**
 * Passes a body through unchanged while checking that it is valid UTF-8 (Node's own decoding
 * would turn broken bytes into U+FFFD, and the API would store a text the client never sent)
 * and no longer than `limit` bytes, which depends on the path.
 */
export function checkBody(body: NodeJS.ReadableStream, limit: number): Transform {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const broken = () =>
    Object.assign(new Error("The body is not valid UTF-8"), { statusCode: 400, code: BODY_NOT_UTF8 });
  let received = 0;
  const checked = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      received += chunk.length;
      if (received > limit) {
        next(
          Object.assign(new Error(`The body is larger than ${limit / 1024} KiB`), {
            statusCode: 413,
            code: BODY_TOO_LARGE,
          }),
        );
        return;
      }
      try {
        decoder.decode(chunk, { stream: true });
        next(null, chunk);
      } catch {
        next(broken());
      }
    },
    flush(next) {
      try {
        decoder.decode();
        next();
      } catch {
        next(broken());
      }
    },
  });
  body.on("error", (error: Error) => checked.destroy(error));
  return body.pipe(checked);
}
