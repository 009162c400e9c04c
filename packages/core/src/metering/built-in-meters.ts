/**
 * The meters the platform fills itself (contract section 9). Each records Usage 1 with an
 * ExtraInfo built here, so every code path that records one writes the same thing.
 */
export interface BuiltInEvents {
  "order-completed": { basketId: number; total: number; currency: string };
  "waitlist-notified": { waitlistId: number; multiBookingId: string };
  "workflow-email-sent": Record<string, never>;
  "guest-checked-in": { reference: string; activityId: string };
}

export type BuiltInMeterName = keyof BuiltInEvents;

interface BuiltInMeter<N extends BuiltInMeterName> {
  name: N;
  trigger: string;
  extraInfo(event: BuiltInEvents[N]): string | null;
}

export const BUILT_IN_METERS: { [N in BuiltInMeterName]: BuiltInMeter<N> } = {
  "order-completed": {
    name: "order-completed",
    trigger: "an order (basket) is paid: an online shopfront checkout or a point-of-sale sale",
    extraInfo: ({ basketId, total, currency }) =>
      JSON.stringify({ BasketID: basketId, Total: { Amount: total, Currency: currency } }),
  },
  "waitlist-notified": {
    name: "waitlist-notified",
    trigger: "a waitlist notification e-mail is sent because places freed up",
    extraInfo: ({ waitlistId, multiBookingId }) =>
      JSON.stringify({ WaitlistID: waitlistId, MultiBookingID: multiBookingId }),
  },
  "workflow-email-sent": {
    name: "workflow-email-sent",
    trigger: "an automated workflow e-mail is sent: booking confirmation or reminder",
    extraInfo: () => null,
  },
  "guest-checked-in": {
    name: "guest-checked-in",
    trigger: "a ticket is scanned for the first time: one person checked in",
    extraInfo: ({ reference, activityId }) => JSON.stringify({ Reference: reference, ActivityID: activityId }),
  },
};

export const BUILT_IN_METER_NAMES = Object.keys(BUILT_IN_METERS) as BuiltInMeterName[];

export function isBuiltInMeter(name: string): name is BuiltInMeterName {
  return (BUILT_IN_METER_NAMES as string[]).includes(name);
}

export function builtInExtraInfo<N extends BuiltInMeterName>(name: N, event: BuiltInEvents[N]): string | null {
  return BUILT_IN_METERS[name].extraInfo(event);
}
