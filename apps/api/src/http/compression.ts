import { constants } from "node:zlib";

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
 *
 * The fastest levels: the API shares its cores with PostgreSQL, and a year of day windows (800 KB
 * of JSON) took 8 ms of CPU to gzip at zlib's default level 6 (86 KB) against 2 ms at level 1
 * (103 KB); brotli at quality 1 takes 1.2 ms (85 KB), 3.5 ms at the plugin's default of 4.
 * `params` replaces the plugin's default brotli parameters whole, so its text mode is restated.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    globalDecompression: false,
    encodings: ["br", "gzip"],
    threshold: COMPRESSION_THRESHOLD,
    zlibOptions: { level: 1 },
    brotliOptions: {
      params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 1 },
    },
  });
}
