import type { FastifyReply, FastifyRequest } from "fastify";

import type { ApiMetrics } from "../metrics/api-metrics.ts";
import { HandedTurn } from "./handed-turn.ts";
import type { TimeslotTurns } from "./timeslot-turns.ts";

/**
 * Hands the timeslot's turn the edge holds to this request's procedure, which finds it by the
 * request's caller (`TimeslotTurns.run`) and ends it with its sale. A request that never gets
 * to its sale ends it when its answer goes out (`endUnclaimedTurn`) or when its connection
 * closes; a procedure that took it ends it with its sale, whatever its client does meanwhile;
 * the time limit is the last resort. Never when its answer has been sent: an answer
 * pipelined on a connection waits behind the ones before it, which a client may never take.
 * The socket's 'close', not the request's: Node emits that one as soon as the body is read.
 */
export function handTurn(
  turns: TimeslotTurns,
  request: FastifyRequest,
  key: string,
  release: () => void,
  metrics: ApiMetrics,
): void {
  const socket = request.raw.socket;
  const closed = () => {
    turn.abandon("closed");
  };
  const turn = new HandedTurn(key, release, (how) => {
    if (socket.listeners("close").includes(closed)) {
      socket.off("close", closed);
      socket.setMaxListeners(socket.getMaxListeners() - 1);
    }
    metrics.handedTurnEnded(how);
  });
  turns.hand(request.caller, turn);
  if (socket.destroyed) turn.abandon("closed");
  else {
    // One listener per handed turn: bookings pipelined on one connection may hold many at once.
    socket.setMaxListeners(socket.getMaxListeners() + 1);
    socket.once("close", closed);
  }
}

/**
 * onSend: an answer on its way means that the procedure has ended its sale (and the turn with
 * it), or never began one: refused before it (the input, the key, the partner, the activity) or failed.
 */
export function endUnclaimedTurn(turns: TimeslotTurns) {
  return (
    request: FastifyRequest,
    _reply: FastifyReply,
    payload: unknown,
    done: (error: null, payload: unknown) => void,
  ) => {
    turns.handedTo(request.caller)?.abandon("unclaimed");
    done(null, payload);
  };
}
