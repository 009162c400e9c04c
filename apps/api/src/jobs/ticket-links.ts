import { ticketsOf, type Db } from "@slotwise/db";

import { ticketUrl } from "../services/booking-tickets.ts";

interface OutboxText {
  kind: string;
  bookingId: number | null;
  textBody: string;
}

/**
 * A confirmation's text with a link to each of its booking's tickets, one per person. Tickets
 * are issued by the database as the booking is confirmed, after the e-mail is queued in the
 * same statement, so the links are added when the e-mail is sent.
 */
export async function withTicketLinks(db: Db, email: OutboxText, publicBaseUrl: string | undefined): Promise<string> {
  if (email.kind !== "BOOKING_CONFIRMATION" || email.bookingId === null) return email.textBody;
  const tickets = (await ticketsOf(db, [email.bookingId])).get(email.bookingId) ?? [];
  if (tickets.length === 0) return email.textBody;
  const lines = tickets.map((t) => `- ${t.unitId}: ${ticketUrl({ publicBaseUrl }, t.code)}`);
  return [
    email.textBody,
    "",
    `Your ${tickets.length === 1 ? "ticket" : "tickets"}, one per person (show the QR code at the meeting point):`,
    ...lines,
  ].join("\n");
}
