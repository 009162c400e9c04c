import { freePlaces, isBookable } from "@slotwise/core";

import { queueEmail } from "../email/queue-email.ts";
import { waitlistEmail } from "../email/templates.ts";
import type { Tx } from "../tx.ts";

/**
 * Tells the people waiting for a timeslot that places are free: oldest entry first, each
 * whose party fits in what is still free, skipping those who do not fit. The slot row is
 * locked so that two releases at once cannot notify the same places twice.
 * Returns the ids of the entries notified.
 */
export async function notifyWaitlistInTx(tx: Tx, timeslotId: number, now: Date): Promise<number[]> {
  await tx.$queryRaw`SELECT id FROM timeslots WHERE id = ${timeslotId} FOR UPDATE`;
  const slot = await tx.timeslot.findUniqueOrThrow({ where: { id: timeslotId }, include: { product: true } });
  if (!isBookable(slot, slot.product.bookingCutoffMinutes, now)) return [];
  const waiting = await tx.waitlistEntry.findMany({
    where: { timeslotId, notifiedAt: null },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  let free = freePlaces(slot);
  const notified: number[] = [];
  for (const entry of waiting) {
    if (free === 0) break;
    if (entry.participants > free) continue;
    free -= entry.participants;
    await tx.waitlistEntry.update({ where: { id: entry.id }, data: { notifiedAt: now } });
    const email = waitlistEmail(entry.customerFirstName, entry.participants, {
      productName: slot.product.name,
      timeZone: slot.product.timeZone,
      startsAt: slot.startsAt,
    });
    await queueEmail(tx, {
      operatorId: entry.operatorId,
      kind: "WAITLIST_NOTIFICATION",
      dedupeKey: `waitlist:${entry.id}`,
      to: entry.customerEmail,
      subject: email.subject,
      text: email.text,
      waitlistEntryId: entry.id,
      sendAfter: now,
      createdAt: now,
    });
    notified.push(entry.id);
  }
  return notified;
}
