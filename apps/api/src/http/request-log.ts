import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

import { routeLabel } from "./route-label.ts";

/**
 * One log line per request, when it is answered, carrying its id (`reqId`), route template,
 * status and duration; its arrival is logged at `debug` only. Fastify's default would write
 * two `info` lines per request, which doubles the log volume for nothing a collector needs.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ method: request.method, url: request.url }, "incoming request");
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      route: routeLabel(request),
      statusCode: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request completed");
  }
}
