/**
 * Moves the timeslots of the bookings named on the command line, and their bookings, to start
 * now: the day-of-tour scenario needs today's departures whatever the hour it runs at.
 */
import { createClient } from "@slotwise/db/testing";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL is not set");
const db = createClient(url);
const now = new Date();
try {
  const bookings = await db.booking.findMany({
    where: { reference: { in: process.argv.slice(2) } },
    select: { timeslotId: true },
  });
  for (const timeslotId of new Set(bookings.map((b) => b.timeslotId))) {
    // A millisecond apart: two activities may share no start, but one product's starts are unique.
    const at = new Date(now.getTime() + (timeslotId % 1000));
    await db.timeslot.update({ where: { id: timeslotId }, data: { startsAt: at } });
    await db.booking.updateMany({ where: { timeslotId }, data: { startsAt: at } });
  }
} finally {
  await db.$disconnect();
}
