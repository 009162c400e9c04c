import { createServer } from "node:http";

import type { FastifyBaseLogger, FastifyServerFactory } from "fastify";

import type { KeptAnswerServe } from "../fast-paths/kept-answer-edge.ts";
import type { ConnectionDrain } from "./connection-drain.ts";

/**
 * The API's HTTP server. HEAD is answered as GET would be, with the same status and headers:
 * Node drops the body of a response to HEAD by itself (it decided so when the request
 * arrived), so routing it as GET is all it takes. A repeated poll may be answered from its
 * kept answer before Fastify (`keptAnswers`, fast-paths/kept-answer-edge.ts); every other request is Fastify's.
 * Every request is counted on its connection until answered, for shutdown (`drain`).
 */
export function serverFactory(
  keptAnswers: KeptAnswerServe | null,
  drain: ConnectionDrain,
  log: () => FastifyBaseLogger,
): FastifyServerFactory {
  return (handler) => {
    const server = createServer((req, res) => {
      drain.track(req, res);
      if (req.method === "HEAD") req.method = "GET";
      if (!keptAnswers) {
        handler(req, res);
        return;
      }
      keptAnswers(req, res).then(
        (served) => {
          if (!served) handler(req, res);
        },
        (error: unknown) => {
          // Only after its answer was sent: what went wrong was counting or logging it.
          log().error({ err: error }, "a kept answer was sent, but counting or logging it failed");
        },
      );
    });
    drain.watch(server);
    return server;
  };
}
