import { z } from "zod";

export const productSchema = z
  .object({
    ID: z.int(),
    ActivityID: z.string(),
    Name: z.string(),
    Description: z.string(),
    DurationMinutes: z.int(),
    TimeZone: z.string().meta({ description: "IANA zone; all of the activity's dates and times are local to it" }),
    Location: z.string(),
    Price: z.object({
      Amount: z.int().meta({ description: "Minor units (cents)" }),
      Currency: z.string().meta({ description: "ISO 4217" }),
    }),
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
        Price: { Amount: 4500, Currency: "EUR" },
        MinParticipants: 1,
        MaxParticipants: 8,
      },
    ],
  });

export type ProductView = z.infer<typeof productSchema>;
