import type { PolicyTier } from "@slotwise/core";
import type { OperatorActivity } from "@slotwise/db";

import type { OperatorActivityView } from "./operator-activity-schema.ts";

export function presentOperatorActivity(p: OperatorActivity): OperatorActivityView {
  return {
    ID: p.id,
    ActivityID: p.activityId,
    Name: p.name,
    Description: p.description,
    DurationMinutes: p.durationMinutes,
    TimeZone: p.timeZone,
    Location: p.location,
    Currency: p.currency,
    BookingCutoffMinutes: p.bookingCutoffMinutes,
    MaxParticipants: p.maxParticipants,
    Units: p.units.map((unit) => ({
      ID: unit.unitId,
      Label: unit.label,
      MinAge: unit.minAge,
      MaxAge: unit.maxAge,
      Price: { Amount: unit.priceAmount, Currency: p.currency },
    })),
    Questions: p.questions.map((question) => ({
      ID: question.id,
      Label: question.label,
      Type: question.type.toLowerCase(),
      Required: question.required,
      HelpText: question.helpText,
      Options: question.options,
      Accept: question.accept,
      MaxFileSizeMB: question.maxFileSizeMb,
    })),
    Partners: p.allPartners ? "all" : p.partnerSlugs,
    CancellationPolicy: (p.cancellationPolicy as PolicyTier[] | null) ?? null,
    Active: p.active,
  };
}
