import type { FastifyInstance } from "fastify";
import QRCode from "qrcode";

import { effectiveStatus, instantToLocal } from "@slotwise/core";
import { findTicket, type Database } from "@slotwise/db";

import { problem } from "../problems/problem.ts";
import { REST_PREFIX } from "./rest-prefix.ts";
import { sendProblem } from "./send-problem.ts";

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** Codes are 32 hex digits; anything else is unknown without a database read. */
const CODE = /^[0-9a-f]{16,64}$/;

/** The ticket page's route: the gate charges its requests to the client's address. */
export const TICKET_PAGE_ROUTE = `${REST_PREFIX}/tickets/:code`;

/**
 * The public ticket page (`GET /api/v2/tickets/{Code}`) and its QR image (`….svg`): no key, the
 * code being the secret. A cancelled or expired booking's ticket shows as void, and its image is
 * 410 ticket-gone, so the void ticket is never served as something to scan.
 */
export function ticketPages(app: FastifyInstance, db: Database, now: () => Date, problemsBase: string) {
  app.get<{ Params: { code: string } }>(TICKET_PAGE_ROUTE, async (request, reply) => {
    const raw = request.params.code;
    const svg = raw.endsWith(".svg");
    const code = svg ? raw.slice(0, -4) : raw;
    const ticket = CODE.test(code) ? await findTicket(db, code) : null;
    reply.header("Cache-Control", "no-store").header("Referrer-Policy", "no-referrer");
    if (!ticket) return sendProblem(request, reply, problemsBase, problem("not-found", "There is no such ticket"));
    const { booking } = ticket;
    const valid = effectiveStatus(booking, now()) === "CONFIRMED";
    if (svg && !valid)
      return sendProblem(
        request,
        reply,
        problemsBase,
        problem("ticket-gone", `Booking ${booking.reference} is cancelled or expired: its tickets are void`),
      );
    if (svg) return reply.type("image/svg+xml").send(await QRCode.toString(code, { type: "svg", margin: 2 }));
    const { product } = booking;
    const local = instantToLocal(booking.startsAt, product.timeZone);
    const qr = await QRCode.toString(code, { type: "svg", margin: 2 });
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Ticket ${escape(booking.reference)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:1rem auto;padding:0 1rem}
.qr svg{width:100%;max-width:20rem}.void{color:#b00020;font-weight:bold;font-size:1.5rem}
dt{font-weight:600}dd{margin:0 0 .5rem}</style></head><body>
<h1>${escape(product.name)}</h1>
${valid ? "" : '<p class="void" data-testid="void">VOID: this booking is cancelled or expired.</p>'}
<dl><dt>Date</dt><dd data-testid="date">${local.date}</dd><dt>Time</dt><dd data-testid="time">${local.time}</dd>
<dt>Meeting point</dt><dd>${escape(product.location)}</dd>
<dt>Ticket for</dt><dd data-testid="unit">${escape(ticket.unitId)}</dd>
<dt>Booking</dt><dd>${escape(booking.reference)}</dd>
<dt>Code</dt><dd><code data-testid="code">${code}</code></dd></dl>
${valid ? `<div class="qr">${qr}</div>` : ""}
</body></html>`;
    return reply.type("text/html; charset=utf-8").send(page);
  });
}
