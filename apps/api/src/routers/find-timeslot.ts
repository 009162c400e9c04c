import { addDays, availableTimeslots, localToInstants, NotFoundError, startOfLocalDay } from "@slotwise/core";
import { timeslotsAt, timeslotsBetween, type Db, type Product } from "@slotwise/db";

/** The product's timeslot at a local date and HH:MM, or a 404 that says which. */
export async function timeslotAt(db: Db, product: Product, date: string, time: string) {
  const [slot] = await timeslotsAt(db, product.id, localToInstants(date, time, product.timeZone));
  if (!slot) throw new NotFoundError(`${product.name} has no timeslot on ${date} at ${time}`);
  return slot;
}

/** The product's bookable timeslots of one local date, as partners and the shopfront see them. */
export async function bookableTimeslotsOn(db: Db, product: Product, date: string, now: Date) {
  const slots = await timeslotsBetween(db, product.id, startOfLocalDay(date, product.timeZone), startOfLocalDay(addDays(date, 1), product.timeZone));
  return availableTimeslots(slots, product, date, now);
}
