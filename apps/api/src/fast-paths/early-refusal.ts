import type { FastifyReply, FastifyRequest } from "fastify";

import { ownsPartnerSegment } from "../auth/owns-partner-segment.ts";
import { contextFromRequest } from "../http/request-context.ts";
import { REST_PREFIX } from "../http/rest-prefix.ts";
import { sendProblem } from "../http/send-problem.ts";
import { refusalOutcome } from "../metrics/count-booking.ts";
import { toProblem } from "../problems/to-problem.ts";
import { bookingInputSchema } from "../services/book-timeslot.schema.ts";
import { BOOKING_PATH as BOOKING_TEMPLATE, bookingChecks, readRefusal, slotKey } from "../services/book-timeslot.ts";
import type { Context, Services } from "../trpc/context.ts";
import { handTurn } from "./hand-turn.ts";
import { plainPath } from "./plain-path.ts";

// Only the plain spelling of the path: anything else (percent-encoding, a query, other case)
// takes the procedure's way, which decodes it as it always does. Built from the path the
// procedure declares (services/book-timeslot.ts), so that the two cannot drift apart.
const BOOKING_PATH = plainPath(REST_PREFIX, BOOKING_TEMPLATE, "partner");

/**
 * Partner bookings of a contended timeslot wait for their turn here, before trpc-to-openapi and
 * tRPC, and those that the cached read then refuses are answered here: in a rush on a full
 * timeslot nearly every attempt is such a refusal, and tRPC's error path (the error wrapped
 * twice, its shape, the library's JSON body parsed again into the problem document) cost more
 * CPU than the rest of the request. An attempt not refused goes on to its procedure with its
 * turn (handTurn), and sells in it as it always does: the conditional UPDATE keeps the last word.
 *
 * The answer is the procedure's own: the same checks in the same order of precedence (key,
 * input, activity, catalogue, then the timeslot's read: bookingChecks and readRefusal), the same
 * mapping of the refusal to a problem (toProblem), the same count in the metrics. Anything
 * else, any doubt and any error goes on to the procedure, which answers as it always does, so a
 * bad body is still its 400 or 422. Only without an Idempotency-Key (a replay gets its first
 * answer), and only for a timeslot this process lately saw contended (TimeslotTurns), so that
 * ordinary bookings are not parsed twice.
 */
export function earlyRefusal(services: Services, problemsBase: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== "POST" || reply.sent) return;
    const segment = BOOKING_PATH.exec(request.url)?.[1];
    const body = request.body as Record<string, unknown> | null | undefined;
    if (segment === undefined || typeof body !== "object" || body === null) return;
    if (request.headers["idempotency-key"] !== undefined) return;
    if (!request.headers["content-type"]?.startsWith("application/json")) return;
    if (!services.saleTurns.contended(segment, body.ActivityID, body.Date, body.Time)) return;
    if (!request.caller.token) return;
    const parsed = bookingInputSchema.safeParse({ ...body, partner: segment });
    if (!parsed.success) return;
    const input = parsed.data;
    let ctx: Context;
    let checks;
    try {
      const principal = await request.caller.apiKey();
      if (!principal.scopes.includes("ota") || !ownsPartnerSegment(principal, segment)) return;
      // The key's principal, as the procedure's authentication sets it: what this partner may sell decides whether the activity exists for it.
      ctx = { ...contextFromRequest(services, request), principal };
      const { product, check } = await bookingChecks(ctx, principal.operatorId, input);
      checks = { product, checked: check() };
    } catch {
      // Whatever it was (an unknown activity, a bad unit), the procedure says it.
      return;
    }
    const key = slotKey(checks.product, input);
    const release = await services.saleTurns.take(key);
    const refusal = (await readRefusal(ctx, checks.product, input, checks.checked).catch(() => null))?.refusal;
    if (!refusal) {
      // Not refused: its procedure sells in this turn. Given back, the waiters behind it would
      // read before its sale, pass, and queue again behind it in their procedures, to be
      // refused there through tRPC: in a rush, nearly all of them.
      handTurn(services.saleTurns, request, key, release, services.metrics);
      return;
    }
    release();
    services.metrics.booking("partner", refusalOutcome(refusal));
    services.metrics.earlyRefusal();
    return sendProblem(request, reply, problemsBase, toProblem(refusal));
  };
}
