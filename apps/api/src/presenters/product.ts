import type { Product } from "@slotwise/db";

import type { ProductView } from "./product-schema.ts";

export function presentProduct(p: Product): ProductView {
  return {
    ID: p.id,
    ActivityID: p.activityId,
    Name: p.name,
    Description: p.description,
    DurationMinutes: p.durationMinutes,
    TimeZone: p.timeZone,
    Location: p.location,
    Price: { Amount: p.priceAmount, Currency: p.currency },
    MinParticipants: p.minParticipants,
    MaxParticipants: p.maxParticipants,
  };
}
