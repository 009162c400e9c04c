import { DeliveryFormat, RedemptionMethod, type DeliveryOption, type Ticket } from "@octocloud/types";

import type { TicketRow } from "@slotwise/db";

import { ticketUrl } from "../services/booking-tickets.ts";
import type { Settings } from "../trpc/context.ts";
import { octoUtc } from "./octo-time.ts";

/**
 * A person's ticket (contract section 20) as OCTO's: its code as the QR code's value, and its
 * public page as PDF_URL: of the formats OCTO defines, only PDF_URL and PKPASS_URL are URLs.
 */
function deliveryOptions(settings: Pick<Settings, "publicBaseUrl">, row: TicketRow): DeliveryOption[] {
  return [
    { deliveryFormat: DeliveryFormat.QRCODE, deliveryValue: row.code },
    { deliveryFormat: DeliveryFormat.PDF_URL, deliveryValue: ticketUrl(settings, row.code) },
  ];
}

export interface OctoTickets {
  /** Each unit item's ticket, in the unit items' order: without delivery options when it has none. */
  perUnitItem: Ticket[];
  /** The whole booking's voucher: every person's ticket, redeemed once all of them are. */
  voucher: Ticket;
  /** When the last person checked in, once every one has; null before. */
  redeemedAt: string | null;
}

/**
 * The tickets of a booking as OCTO shows them, matched to its unit items: the n-th item of a
 * unit gets that unit's n-th ticket. A booking that is not confirmed shows tickets without
 * delivery options (its tickets, if it had any, are void): OCTO wants the ticket object on
 * every unit item of a product delivered by TICKET, a hold's included.
 */
export function octoTickets(
  settings: Pick<Settings, "publicBaseUrl">,
  unitIds: readonly string[],
  rows: readonly TicketRow[],
  confirmed: boolean,
): OctoTickets {
  const byUnit = new Map<string, TicketRow[]>();
  for (const row of rows) byUnit.set(row.unitId, [...(byUnit.get(row.unitId) ?? []), row]);
  const seen = new Map<string, number>();
  const matched = unitIds.map((unitId) => {
    const index = seen.get(unitId) ?? 0;
    seen.set(unitId, index + 1);
    return confirmed ? (byUnit.get(unitId)?.[index] ?? null) : null;
  });
  const perUnitItem = matched.map((row) => ({
    redemptionMethod: RedemptionMethod.DIGITAL,
    utcRedeemedAt: row?.checkedInAt ? octoUtc(row.checkedInAt) : null,
    deliveryOptions: row ? deliveryOptions(settings, row) : [],
  }));
  const issued = matched.filter((row) => row !== null);
  const allIn = issued.length > 0 && issued.every((row) => row.checkedInAt !== null);
  const last = allIn ? Math.max(...issued.map((row) => row.checkedInAt?.getTime() ?? 0)) : null;
  const redeemedAt = last === null ? null : octoUtc(new Date(last));
  return {
    perUnitItem,
    voucher: {
      redemptionMethod: RedemptionMethod.DIGITAL,
      utcRedeemedAt: redeemedAt,
      deliveryOptions: issued.flatMap((row) => deliveryOptions(settings, row)),
    },
    redeemedAt,
  };
}
