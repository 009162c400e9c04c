import { ticketsOf, type Db } from "@slotwise/db";

import { ticketUrl } from "../services/booking-tickets.ts";

interface OutboxText {
  id: number;
  kind: string;
  bookingId: number | null;
  textBody: string;
}

const bookingOf = (email: OutboxText) => (email.kind === "BOOKING_CONFIRMATION" ? email.bookingId : null);

/**
 * Each e-mail's text by its id, a confirmation's with a link to each of its booking's tickets,
 * one per person: tickets are issued by the database as the booking is confirmed, after the
 * e-mail is queued in the same statement, so the links are added when the e-mail is sent. One
 * query for all the e-mails.
 */
export async function withTicketLinks(
  db: Db,
  emails: readonly OutboxText[],
  publicBaseUrl: string | undefined,
): Promise<Map<number, string>> {
  const tickets = await ticketsOf(
    db,
    emails.flatMap((e) => bookingOf(e) ?? []),
  );
  return new Map(
    emails.map((email) => {
      const bookingId = bookingOf(email);
      const own = bookingId === null ? [] : (tickets.get(bookingId) ?? []);
      if (own.length === 0) return [email.id, email.textBody];
      const text = [
        email.textBody,
        "",
        `Your ${own.length === 1 ? "ticket" : "tickets"}, one per person (show the QR code at the meeting point):`,
        ...own.map((t) => `- ${t.unitId}: ${ticketUrl({ publicBaseUrl }, t.code)}`),
      ].join("\n");
      return [email.id, text];
    }),
  );
}
