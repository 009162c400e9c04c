import { z } from "zod";

import { moneySchema } from "./money-schema.ts";

export const productSchema = z
  .object({
    ID: z.int(),
    ActivityID: z.string(),
    Name: z.string(),
    Description: z.string(),
    DurationMinutes: z.int(),
    TimeZone: z.string().meta({ description: "IANA zone; all of the activity's dates and times are local to it" }),
    Location: z.string(),
    Price: moneySchema.meta({ description: "The lowest of the units' prices" }),
    Units: z
      .array(
        z.object({
          ID: z.string().meta({ description: "What a booking's Units name: adult, child, senior…" }),
          Label: z.string(),
          MinAge: z.int().nullable().meta({ description: "Shown to customers, not enforced" }),
          MaxAge: z.int().nullable(),
          Price: moneySchema,
        }),
      )
      .meta({ description: "The unit types on sale, each with its price per place; every product has adult" }),
    MinParticipants: z.int(),
    MaxParticipants: z.int().meta({ description: "Per booking" }),
  })
  .meta({
    id: "Product",
    examples: [
      {
        ID: 12,
        ActivityID: "s_7Hk2Pq9Lm",
        Name: "Sunset Kayak Tour",
        Description: "Paddle under the bridge as the sun goes down.",
        DurationMinutes: 120,
        TimeZone: "Europe/Lisbon",
        Location: "Lisbon, Doca de Alcantara",
        Price: { Amount: 2500, Currency: "EUR" },
        Units: [
          { ID: "adult", Label: "Adult", MinAge: 18, MaxAge: null, Price: { Amount: 4500, Currency: "EUR" } },
          { ID: "child", Label: "Child", MinAge: 8, MaxAge: 17, Price: { Amount: 2500, Currency: "EUR" } },
        ],
        MinParticipants: 1,
        MaxParticipants: 8,
      },
    ],
  });

export type ProductView = z.infer<typeof productSchema>;
