import {
  addDays,
  availableTimeslots,
  localToInstants,
  nextSalesClose,
  NotFoundError,
  startOfLocalDay,
} from "@slotwise/core";
import { timeslotsAt, timeslotsBetween, type Db, type Product } from "@slotwise/db";

import { cacheTags } from "../cache/read-cache.ts";
import type { CacheReads } from "../cache/read-trail.ts";

/**
 * The product's timeslot at a local date and HH:MM, or a 404 that says which. Read through the
 * cache: whatever it says of free places, the sale's conditional UPDATE has the last word. The
 * zone is in the key, since the entry is kept under the timeslots' tag, which a product's
 * change of zone does not touch.
 */
export async function timeslotAt(ctx: { db: Db; cache: CacheReads }, product: Product, date: string, time: string) {
  const [slot] = await ctx.cache.read(
    `slot-at:${product.id}:${product.timeZone}:${date}T${time}`,
    cacheTags.timeslots(product.id),
    () => timeslotsAt(ctx.db, product.id, localToInstants(date, time, product.timeZone)),
    (found) => found.length > 0,
  );
  if (!slot) throw new NotFoundError(`${product.name} has no timeslot on ${date} at ${time}`);
  return slot;
}

/**
 * A product's timeslots starting in `[from, to)`, shared between requests until one of them
 * changes. Whether each is still bookable is decided per request, from `now`.
 */
export function cachedTimeslotsBetween(ctx: { db: Db; cache: CacheReads }, productId: number, from: Date, to: Date) {
  return ctx.cache.read(
    `slots:${productId}:${from.toISOString()}:${to.toISOString()}`,
    cacheTags.timeslots(productId),
    () => timeslotsBetween(ctx.db, productId, from, to),
  );
}

/**
 * The product's bookable timeslots of one local date, as partners and the shopfront see them,
 * and when the clock alone next changes that list.
 */
export async function bookableTimeslotsOn(
  ctx: { db: Db; cache: CacheReads },
  product: Product,
  date: string,
  now: Date,
) {
  const slots = await cachedTimeslotsBetween(
    ctx,
    product.id,
    startOfLocalDay(date, product.timeZone),
    startOfLocalDay(addDays(date, 1), product.timeZone),
  );
  return { timeslots: availableTimeslots(slots, product, date, now), changesAt: nextSalesClose(slots, product, now) };
}
