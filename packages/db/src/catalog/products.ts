import { Prisma, type Timeslot } from "../generated/prisma/client.ts";
import { literalPattern } from "../literal-pattern.ts";
import { queryRows } from "../query-rows.ts";
import type { Db } from "../tx.ts";

/** The units a product sells today, in the operator's order. */
const sellingUnits = {
  units: { where: { retiredAt: null }, orderBy: [{ position: "asc" }, { id: "asc" }] },
} satisfies Prisma.ProductInclude;

export type ProductWithUnits = Prisma.ProductGetPayload<{ include: typeof sellingUnits }>;

/** The active products of an operator, `name` a case-insensitive substring (taken literally), ordered by name then ID. */
export function listActiveProducts(db: Db, operatorId: number, name?: string) {
  return db.product.findMany({
    where: {
      operatorId,
      active: true,
      ...(name ? { name: { contains: literalPattern(name), mode: "insensitive" } } : {}),
    },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    include: sellingUnits,
  });
}

export function findProductById(db: Db, operatorId: number, id: number) {
  return db.product.findFirst({ where: { id, operatorId, active: true }, include: sellingUnits });
}

/** The active product named exactly `name`, ignoring case. */
export function findProductByName(db: Db, operatorId: number, name: string) {
  return db.product.findFirst({
    where: { operatorId, active: true, name: { equals: literalPattern(name), mode: "insensitive" } },
    orderBy: { id: "asc" },
    include: sellingUnits,
  });
}

export function findProductByActivityId(db: Db, operatorId: number, activityId: string) {
  return db.product.findFirst({ where: { activityId, operatorId, active: true }, include: sellingUnits });
}

export function listQuestions(db: Db, productId: number) {
  return db.waiverQuestion.findMany({ where: { productId, retiredAt: null }, orderBy: { position: "asc" } });
}

/** Timeslots starting in `[from, to)`, for availability. */
export function timeslotsBetween(db: Db, productId: number, from: Date, to: Date) {
  return db.timeslot.findMany({ where: { productId, startsAt: { gte: from, lt: to } }, orderBy: { startsAt: "asc" } });
}

/**
 * The timeslots starting at any of `instants` (one local time may name two instants on a change
 * day). Raw (see queryRows): nearly every booking reads its timeslot again after another
 * booking of the product has dropped it from the cache.
 */
export function timeslotsAt(db: Db, productId: number, instants: readonly Date[]) {
  return queryRows<Timeslot>(
    db,
    Prisma.sql`
      SELECT id, product_id AS "productId", starts_at AS "startsAt", capacity, places_taken AS "placesTaken", closed,
             schedule_id AS "scheduleId", created_at AS "createdAt", updated_at AS "updatedAt"
        FROM timeslots
       WHERE product_id = ${productId} AND starts_at = ANY(${instants.map((i) => i.toISOString())}::timestamptz[])
       ORDER BY starts_at`,
  );
}

/** One of the operator's activities, active or not. */
export function operatorProduct(db: Db, operatorId: number, productId: number) {
  return db.product.findFirst({ where: { id: productId, operatorId }, include: sellingUnits });
}

/** One of the operator's timeslots with its activity and waiver questions: what selling it needs. */
export function operatorTimeslot(db: Db, operatorId: number, timeslotId: number) {
  return db.timeslot.findFirst({
    where: { id: timeslotId, product: { operatorId } },
    include: { product: { include: { questions: true, ...sellingUnits } } },
  });
}
