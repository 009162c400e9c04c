import type { ProductWithUnits } from "@slotwise/db";

import type { ProductView } from "./product-schema.ts";

export function presentProduct(p: ProductWithUnits): ProductView {
  return {
    ID: p.id,
    ActivityID: p.activityId,
    Name: p.name,
    Description: p.description,
    DurationMinutes: p.durationMinutes,
    TimeZone: p.timeZone,
    Location: p.location,
    Price: { Amount: p.priceAmount, Currency: p.currency },
    Units: p.units.map((unit) => ({
      ID: unit.unitId,
      Label: unit.label,
      MinAge: unit.minAge,
      MaxAge: unit.maxAge,
      Price: { Amount: unit.priceAmount, Currency: p.currency },
    })),
    MinParticipants: p.minParticipants,
    MaxParticipants: p.maxParticipants,
  };
}
