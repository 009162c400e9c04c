import type { PricedBooking, RandomBytes, WaiverAnswer, WaiverStatusName } from "@slotwise/core";

import type { BookingSource } from "../generated/prisma/client.ts";

export interface BookableProduct {
  id: number;
  operatorId: number;
  name: string;
  timeZone: string;
  currency: string;
  bookingCutoffMinutes: number;
}

export interface CustomerDetails {
  firstName: string;
  lastName: string;
  email: string;
  /** E.164. */
  phone: string;
}

export interface NewBooking {
  product: BookableProduct;
  timeslotId: number;
  /** When the caller read that the timeslot starts: the e-mails say so (see sellBooking). */
  startsAt: Date;
  /** What it buys, priced (see priceUnits): its participants are the places it takes. */
  priced: PricedBooking;
  /** Absent only for a hold, whose customer may come with its confirmation. */
  customer: CustomerDetails | null;
  /** Makes it a hold (contract section 10) that lapses at this instant unless confirmed. */
  holdUntil?: Date | undefined;
  source: BookingSource;
  partnerId?: number | null;
  apiKeyId?: number | null;
  orderId?: number | null;
  paymentReference?: string | null;
  answers: readonly WaiverAnswer[];
  waiverStatus: WaiverStatusName;
  /** Who made it, for the booking's history: `partner:acme-travel`, `shopfront`, … */
  actor: string;
  now: Date;
  /** Queue a reminder this many hours before the start (none when the start is closer). */
  reminderHoursBefore?: number;
  random?: RandomBytes;
  /** An OCTO reservation (contract section 19): the reseller's UUID, reference and notes. */
  octo?: { uuid: string; resellerReference: string | null; notes: string | null; extra: object } | undefined;
}
