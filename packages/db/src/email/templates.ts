import { instantToLocal } from "@slotwise/core";

export interface SlotDescription {
  productName: string;
  timeZone: string;
  startsAt: Date;
}

function when(slot: SlotDescription): string {
  const { date, time } = instantToLocal(slot.startsAt, slot.timeZone);
  return `${date} at ${time} (${slot.timeZone})`;
}

export function confirmationEmail(reference: string, firstName: string, participants: number, slot: SlotDescription) {
  return {
    subject: `Booking ${reference} confirmed: ${slot.productName}, ${when(slot)}`,
    text: [
      `Hello ${firstName},`,
      "",
      `Your booking ${reference} for ${slot.productName} on ${when(slot)} is confirmed for ${participants} ${participants === 1 ? "person" : "people"}.`,
      "Please arrive 15 minutes early. Reply to this e-mail if your plans change.",
    ].join("\n"),
  };
}

export function reminderEmail(reference: string, firstName: string, slot: SlotDescription) {
  return {
    subject: `Reminder: ${slot.productName}, ${when(slot)}`,
    text: [
      `Hello ${firstName},`,
      "",
      `This is a reminder of your booking ${reference} for ${slot.productName} on ${when(slot)}.`,
    ].join("\n"),
  };
}

export function waitlistEmail(firstName: string, participants: number, slot: SlotDescription) {
  return {
    subject: `Places are free: ${slot.productName}, ${when(slot)}`,
    text: [
      `Hello ${firstName},`,
      "",
      `Places have freed up for ${slot.productName} on ${when(slot)}, which you waited for (${participants} ${participants === 1 ? "place" : "places"}).`,
      "They go to whoever books first: book now to take them.",
    ].join("\n"),
  };
}

export interface ThresholdDescription {
  meter: string;
  unit: string | null;
  period: "day" | "month";
  threshold: string;
  total: string;
  periodStart: string;
  timeZone: string;
}

/** `last`: the operator receives no more threshold e-mails of this period kind and start. */
export function thresholdEmail(name: string, crossing: ThresholdDescription, { last }: { last: boolean }) {
  const amount = (value: string) => (crossing.unit ? `${value} ${crossing.unit}` : value);
  const period =
    crossing.period === "day" ? `on ${crossing.periodStart}` : `in the month starting ${crossing.periodStart}`;
  return {
    subject: `Usage of ${crossing.meter} reached ${amount(crossing.threshold)} ${period}`,
    text: [
      `Hello ${name},`,
      "",
      `Usage of the meter ${crossing.meter} reached its ${crossing.period === "day" ? "daily" : "monthly"} threshold of ${amount(crossing.threshold)} ${period} (${crossing.timeZone}): ${amount(crossing.total)} so far.`,
      "You are told again in this period only when usage reaches a higher threshold. The console's Meters page lists every threshold reached.",
      ...(last
        ? [
            `This is the last threshold e-mail for ${crossing.period === "day" ? "this day" : "this month"}; further thresholds reached appear on the Meters page only.`,
          ]
        : []),
    ].join("\n"),
  };
}

export interface DisabledEndpointDescription {
  url: string;
  partner: string;
  failingSince: Date;
  lastError: string | null;
}

export function webhookDisabledEmail(name: string, endpoint: DisabledEndpointDescription) {
  return {
    subject: `Webhook endpoint disabled: ${endpoint.url}`,
    text: [
      `Hello ${name},`,
      "",
      `The webhook endpoint ${endpoint.url} of ${endpoint.partner} has failed every delivery attempt since ${endpoint.failingSince.toISOString()}, so it has been disabled: no more events are sent to it and its waiting deliveries are cancelled.`,
      ...(endpoint.lastError ? [`Its last error: ${endpoint.lastError}`] : []),
      "Once the receiver answers again, delete the endpoint in the console's Webhooks page and add it again.",
    ].join("\n"),
  };
}
