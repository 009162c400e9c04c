import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from "fastify";
import { levels } from "pino";

import { routeLabel } from "./route-label.ts";

export interface CompletedRequest {
  method: string;
  /** The route's template (`routeLabel`). */
  route: string;
  statusCode: number;
  durationMs: number;
}

/**
 * The one line a request leaves when answered: `info`, or `error` with what went wrong.
 * `reqId` for a logger that does not carry it already (a request's own child logger does).
 */
export function logCompleted(
  log: FastifyBaseLogger,
  error: Error | null,
  line: CompletedRequest,
  reqId?: string,
): void {
  const fields = reqId === undefined ? line : { reqId, ...line };
  if (error) log.error({ ...fields, err: error }, "request errored");
  else log.info(fields, "request completed");
}

/**
 * Whether `log` writes lines of this level, so that a line below it is not even worked out:
 * pino's `isLevelEnabled`, which Fastify's logger type does not carry.
 */
export function logsAt(log: FastifyBaseLogger, level: "debug" | "info"): boolean {
  return (levels.values[level] ?? 0) >= (levels.values[log.level] ?? Infinity);
}

/** Milliseconds to one decimal, as the log lines carry them. */
export function roundedMs(ms: number): number {
  return Math.round(ms * 10) / 10;
}

/**
 * One log line per request, when it is answered, carrying its id (`reqId`), route template,
 * status and duration; its arrival is logged at `debug` only. Fastify's default would write
 * two `info` lines per request, which doubles the log volume for nothing a collector needs.
 * Below `info` nothing of the line is worked out.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ method: request.method, url: request.url }, "incoming request");
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (!error && !logsAt(reply.log, "info")) return;
    logCompleted(reply.log, error, {
      method: request.method,
      route: routeLabel(request),
      statusCode: reply.statusCode,
      durationMs: roundedMs(reply.elapsedTime),
    });
  }
}
