import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/**
 * Answers smaller than this leave uncompressed: they fit in a few packets whatever their
 * encoding, and compressing every small answer would spend the CPU the API's bookings share.
 */
export const COMPRESSION_THRESHOLD = 4 * 1024;

/**
 * Compresses answers (a grouped usage summary reaches some 650 KB of JSON) with brotli or gzip,
 * as the client's Accept-Encoding asks, adding `Vary: Accept-Encoding`. Registered before any
 * route: the plugin gives each route its onSend hook as the route is added, and a route's own
 * hooks run after every instance's, so ETags and problem documents are made from the
 * uncompressed text first, and a 304's empty body is under the threshold. Weak ETags hold for
 * both encodings, which are the same representation. Request bodies stay uncompressed only:
 * `unsupportedBodyEncoding` refuses the others before any parsing.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    globalDecompression: false,
    encodings: ["br", "gzip"],
    threshold: COMPRESSION_THRESHOLD,
  });
}
