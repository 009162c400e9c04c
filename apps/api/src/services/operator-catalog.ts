import { NotFoundError, ValidationError } from "@slotwise/core";
import { findOperatorActivity, type ActivityFields, type Db } from "@slotwise/db";

import { cacheTags } from "../cache/read-cache.ts";
import type { CacheReads } from "../cache/read-trail.ts";
import type { ActivityFieldsInput } from "../routers/catalog/activity-fields.schema.ts";

/** The operator's activity (archived or not) with this ActivityID, or a 404 naming it. */
export async function operatorActivityOrThrow(db: Db, operatorId: number, activityId: string) {
  const activity = await findOperatorActivity(db, operatorId, activityId);
  if (!activity) throw new NotFoundError(`There is no activity ${activityId}`);
  return activity;
}

/** Every unit's price is in the activity's currency: a unit naming another is refused, never converted or ignored. */
export function checkUnitCurrencies(units: ActivityFieldsInput["Units"], currency: string): void {
  const problems = (units ?? []).flatMap((unit, i) =>
    unit.Price.Currency === undefined || unit.Price.Currency === currency
      ? []
      : [
          {
            field: `Units[${i}].Price.Currency`,
            message: `Units[${i}].Price.Currency must be ${currency}, the activity's currency`,
          },
        ],
  );
  if (problems.length) throw new ValidationError(problems);
}

/** The fields given, in the database's terms; absent ones stay absent (a PATCH changes only those). */
export function activityChanges(input: ActivityFieldsInput): Partial<ActivityFields> {
  return {
    name: input.Name,
    description: input.Description,
    durationMinutes: input.DurationMinutes,
    timeZone: input.TimeZone,
    location: input.Location,
    currency: input.Currency,
    bookingCutoffMinutes: input.BookingCutoffMinutes,
    maxParticipants: input.MaxParticipants,
    units: input.Units?.map((unit) => ({
      unitId: unit.ID,
      label: unit.Label,
      minAge: unit.MinAge ?? null,
      maxAge: unit.MaxAge ?? null,
      priceAmount: unit.Price.Amount,
    })),
    questions: input.Questions?.map((question) => ({
      ...(question.ID !== undefined ? { id: question.ID } : {}),
      label: question.Label,
      type: question.Type,
      required: question.Required,
      helpText: question.HelpText,
      options: question.Options,
      accept: question.Accept,
      maxFileSizeMb: question.MaxFileSizeMB,
    })),
    partners: input.Partners,
    cancellationPolicy: input.CancellationPolicy,
    active: input.Active,
  };
}

/**
 * Drops what this process cached of the activity; other processes hear of it from the
 * database (products and questions announce their changes as they commit).
 */
export function catalogChanged(ctx: { cache: CacheReads }, operatorId: number, productId: number) {
  ctx.cache.changed(cacheTags.product(productId));
  ctx.cache.changed(cacheTags.operatorProducts(operatorId));
  ctx.cache.changed(cacheTags.timeslots(productId));
}
