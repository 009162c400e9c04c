import {
  ConflictError,
  fieldPath,
  newActivityId,
  newQuestionId,
  ValidationError,
  type CancellationPolicy,
  type QuestionType,
} from "@slotwise/core";

import type { Database } from "../client.ts";
import { Prisma, type QuestionType as DbQuestionType } from "../generated/prisma/client.ts";
import type { Db, Tx } from "../tx.ts";

export interface ActivityUnit {
  unitId: string;
  label: string;
  minAge: number | null;
  maxAge: number | null;
  priceAmount: number;
}

export interface ActivityQuestion {
  /** Absent: a new question. */
  id?: string;
  label: string;
  type: QuestionType;
  required: boolean;
  helpText: string | null;
  options: string[];
  accept: string[];
  maxFileSizeMb: number | null;
}

/** The fields of an activity an operator sets; a patch gives any of them. */
export interface ActivityFields {
  name: string;
  description: string;
  durationMinutes: number;
  timeZone: string;
  location: string;
  currency: string;
  bookingCutoffMinutes: number;
  maxParticipants: number;
  units: ActivityUnit[];
  questions: ActivityQuestion[];
  /** "all", or the slugs of the partners that may sell it. */
  partners: "all" | string[];
  cancellationPolicy: CancellationPolicy;
  active: boolean;
}

const operatorActivityInclude = {
  units: { where: { retiredAt: null }, orderBy: [{ position: "asc" }, { id: "asc" }] },
  questions: { where: { retiredAt: null }, orderBy: { position: "asc" } },
} satisfies Prisma.ProductInclude;

export type OperatorActivity = Prisma.ProductGetPayload<{ include: typeof operatorActivityInclude }>;

/** Every activity of the operator, archived ones too, by name. */
export function listOperatorActivities(db: Db, operatorId: number): Promise<OperatorActivity[]> {
  return db.product.findMany({
    where: { operatorId },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    include: operatorActivityInclude,
  });
}

/** One of the operator's activities by ActivityID, archived or not. */
export function findOperatorActivity(db: Db, operatorId: number, activityId: string): Promise<OperatorActivity | null> {
  return db.product.findFirst({ where: { operatorId, activityId }, include: operatorActivityInclude });
}

/** The slugs of `slugs` that name no partner of the operator, in the order given. */
async function unknownPartners(db: Db, operatorId: number, slugs: readonly string[]): Promise<string[]> {
  if (slugs.length === 0) return [];
  const known = await db.partner.findMany({ where: { operatorId, slug: { in: [...slugs] } }, select: { slug: true } });
  const names = new Set(known.map((partner) => partner.slug));
  return slugs.filter((slug) => !names.has(slug));
}

async function checkPartners(db: Db, operatorId: number, partners: ActivityFields["partners"] | undefined) {
  if (partners === undefined || partners === "all") return;
  const unknown = await unknownPartners(db, operatorId, partners);
  if (unknown.length > 0)
    throw new ValidationError(
      unknown.map((slug) => ({
        field: `Partners.${partners.indexOf(slug)}`,
        message: `Partners names ${slug}, which is no partner of this operator`,
      })),
    );
}

function lowestPrice(units: readonly ActivityUnit[]): number {
  return Math.min(...units.map((unit) => unit.priceAmount));
}

function policyValue(policy: CancellationPolicy) {
  return policy === null ? Prisma.DbNull : policy.map((tier) => ({ ...tier }));
}

/**
 * Creates an activity with its units and questions; unknown partner slugs are 422 naming them.
 * The database gives every new product its adult unit (a trigger): the units given then replace it.
 */
export function createOperatorActivity(db: Database, operatorId: number, fields: ActivityFields, now: Date) {
  return db.$transaction((tx) => createOperatorActivityInTx(tx, operatorId, fields, now));
}

/** Creates an activity (see createOperatorActivity) in the caller's transaction. */
export async function createOperatorActivityInTx(tx: Tx, operatorId: number, fields: ActivityFields, now: Date) {
  await checkPartners(tx, operatorId, fields.partners);
  const product = await tx.product.create({
    data: {
      operatorId,
      activityId: newActivityId(),
      name: fields.name,
      description: fields.description,
      durationMinutes: fields.durationMinutes,
      timeZone: fields.timeZone,
      location: fields.location,
      currency: fields.currency,
      bookingCutoffMinutes: fields.bookingCutoffMinutes,
      maxParticipants: fields.maxParticipants,
      priceAmount: lowestPrice(fields.units),
      active: fields.active,
      allPartners: fields.partners === "all",
      partnerSlugs: fields.partners === "all" ? [] : fields.partners,
      cancellationPolicy: policyValue(fields.cancellationPolicy),
      questions: {
        create: fields.questions.map((question, index) => ({
          ...questionData(question),
          id: newQuestionId(),
          position: index + 1,
        })),
      },
    },
  });
  await replaceUnits(tx, product.id, fields.units, now);
  return tx.product.findUniqueOrThrow({ where: { id: product.id }, include: operatorActivityInclude });
}

function questionData(question: ActivityQuestion) {
  return {
    label: question.label,
    type: question.type.toUpperCase() as DbQuestionType,
    required: question.required,
    helpText: question.helpText,
    options: question.options,
    accept: question.accept,
    maxFileSizeMb: question.maxFileSizeMb,
  };
}

/**
 * Sets the activity's units to `units`: those listed are added or changed (and sold again if
 * retired), the others retired; bookings keep the prices they were sold at.
 */
async function replaceUnits(tx: Tx, productId: number, units: readonly ActivityUnit[], now: Date) {
  const existing = await tx.productUnit.findMany({ where: { productId } });
  const byId = new Map(existing.map((unit) => [unit.unitId, unit]));
  const last = Math.max(0, ...existing.map((unit) => unit.position));
  for (const [index, unit] of units.entries()) {
    const found = byId.get(unit.unitId);
    if (found) await tx.productUnit.update({ where: { id: found.id }, data: { ...unit, retiredAt: null } });
    else await tx.productUnit.create({ data: { ...unit, productId, position: last + index + 1 } });
  }
  const kept = new Set(units.map((unit) => unit.unitId));
  await tx.productUnit.updateMany({
    where: { productId, retiredAt: null, unitId: { notIn: [...kept] } },
    data: { retiredAt: now },
  });
}

/**
 * A question already answered keeps its type: the answers given were checked against it, and
 * would no longer read as valid under another (422; retire it and add a new question instead).
 */
async function refuseRetypingAnswered(
  tx: Tx,
  productId: number,
  existing: readonly { id: string; type: DbQuestionType }[],
  questions: readonly ActivityQuestion[],
) {
  const typeOf = new Map(existing.map((question) => [question.id, question.type]));
  const retyped = questions.flatMap((question, index) =>
    question.id !== undefined && typeOf.get(question.id) !== questionData(question).type
      ? [{ index, id: question.id }]
      : [],
  );
  if (retyped.length === 0) return;
  const answered = await tx.$queryRaw<{ id: string }[]>`
    SELECT q.id FROM unnest(${retyped.map((r) => r.id)}::text[]) AS q(id)
     WHERE EXISTS (SELECT 1 FROM bookings b
                    WHERE b.product_id = ${productId} AND b.answers @> jsonb_build_array(jsonb_build_object('QuestionID', q.id)))`;
  const answeredIds = new Set(answered.map((row) => row.id));
  const problems = retyped
    .filter((r) => answeredIds.has(r.id))
    .map((r) => {
      const field = fieldPath(["Questions", r.index, "Type"]);
      return { field, message: `${field} cannot change: the question has answers; retire it and add a new one` };
    });
  if (problems.length > 0) throw new ValidationError(problems);
}

/**
 * Sets the activity's questions to `questions`, in that order: those with an ID are edited,
 * those without are added, the others retired (kept, so answers already given stay readable).
 */
async function replaceQuestions(tx: Tx, productId: number, questions: readonly ActivityQuestion[], now: Date) {
  const existing = await tx.waiverQuestion.findMany({ where: { productId } });
  const ids = new Set(existing.map((question) => question.id));
  const unknown = questions.flatMap((question, index) =>
    question.id !== undefined && !ids.has(question.id)
      ? [{ field: `Questions.${index}.ID`, message: `Questions.${index}.ID names no question of this activity` }]
      : [],
  );
  if (unknown.length > 0) throw new ValidationError(unknown);
  await refuseRetypingAnswered(tx, productId, existing, questions);
  // Positions are unique: move every question out of the way first, then number the list.
  const offset = Math.max(0, ...existing.map((question) => question.position)) + questions.length + 1;
  await tx.$executeRaw`UPDATE waiver_questions SET position = position + ${offset} WHERE product_id = ${productId}`;
  const listed = new Set<string>();
  for (const [index, question] of questions.entries()) {
    const data = { ...questionData(question), position: index + 1, retiredAt: null };
    if (question.id !== undefined) {
      listed.add(question.id);
      await tx.waiverQuestion.update({ where: { id: question.id }, data });
    } else {
      const id = newQuestionId();
      listed.add(id);
      await tx.waiverQuestion.create({ data: { ...data, id, productId } });
    }
  }
  await tx.waiverQuestion.updateMany({
    where: { productId, retiredAt: null, id: { notIn: [...listed] } },
    data: { retiredAt: now },
  });
}

/**
 * Changes only the fields given. The currency cannot change once the activity has a booking
 * (409 currency-locked): bookings keep their prices in it. The time zone cannot change once it
 * has a timeslot (409 time-zone-locked): schedules, timeslots and the bookings on them are in
 * its local time, which a new zone would move.
 */
export async function patchOperatorActivity(
  db: Database,
  operatorId: number,
  activityId: string,
  patch: Partial<ActivityFields>,
  now: Date,
): Promise<OperatorActivity | null> {
  await checkPartners(db, operatorId, patch.partners);
  return db.$transaction(async (tx) => {
    const [found] = await tx.$queryRaw<{ id: number; currency: string; timeZone: string }[]>`
      SELECT id, currency, time_zone AS "timeZone" FROM products
       WHERE operator_id = ${operatorId} AND activity_id = ${activityId} FOR UPDATE`;
    if (!found) return null;
    const productId = found.id;
    if (patch.currency !== undefined && patch.currency !== found.currency) {
      const booked = await tx.booking.findFirst({ where: { productId }, select: { id: true } });
      if (booked)
        throw new ConflictError(
          "currency-locked",
          `Currency cannot change from ${found.currency}: the activity has bookings, kept in that currency`,
        );
    }
    if (patch.timeZone !== undefined && patch.timeZone !== found.timeZone) {
      const slot = await tx.timeslot.findFirst({ where: { productId }, select: { id: true } });
      if (slot)
        throw new ConflictError(
          "time-zone-locked",
          `TimeZone cannot change from ${found.timeZone}: the activity has timeslots in that zone's local time`,
        );
    }
    if (patch.units !== undefined) await replaceUnits(tx, productId, patch.units, now);
    if (patch.questions !== undefined) await replaceQuestions(tx, productId, patch.questions, now);
    await tx.product.update({
      where: { id: productId },
      data: {
        name: patch.name,
        description: patch.description,
        durationMinutes: patch.durationMinutes,
        timeZone: patch.timeZone,
        location: patch.location,
        currency: patch.currency,
        bookingCutoffMinutes: patch.bookingCutoffMinutes,
        maxParticipants: patch.maxParticipants,
        active: patch.active,
        ...(patch.units !== undefined ? { priceAmount: lowestPrice(patch.units) } : {}),
        ...(patch.partners !== undefined
          ? { allPartners: patch.partners === "all", partnerSlugs: patch.partners === "all" ? [] : patch.partners }
          : {}),
        ...(patch.cancellationPolicy !== undefined
          ? { cancellationPolicy: policyValue(patch.cancellationPolicy) }
          : {}),
        updatedAt: now,
      },
    });
    return tx.product.findUniqueOrThrow({ where: { id: productId }, include: operatorActivityInclude });
  });
}

/**
 * Whether `partnerSlug` may sell `product`: the one rule every partner read goes through (an
 * activity a partner may not sell, or an archived one, is answered as unknown). The change feed
 * applies the same rule in SQL (`slotwise_partner_may_sell`, migration
 * feed_follows_partner_distribution): change both together.
 */
export function partnerMaySell(
  product: { active: boolean; allPartners: boolean; partnerSlugs: readonly string[] },
  partnerSlug: string | null,
): boolean {
  if (!product.active) return false;
  if (product.allPartners) return true;
  return partnerSlug !== null && product.partnerSlugs.includes(partnerSlug);
}
