import { z } from "zod";

export const usageEntrySchema = z
  .object({
    ID: z.int(),
    Meter: z.string(),
    Usage: z.number(),
    OccurredAt: z.int().meta({ description: "Unix seconds" }),
    ExtraInfo: z.string().nullable(),
  })
  .meta({
    id: "UsageEntry",
    examples: [{ ID: 981, Meter: "api-calls", Usage: 3, OccurredAt: 1764547200, ExtraInfo: null }],
  });

export const usageSummarySchema = z
  .object({
    Period: z.object({
      From: z.string(),
      To: z.string(),
      TimeZone: z.string(),
      FromTimestamp: z.int().meta({ description: "00:00:00 of From in TimeZone, Unix seconds" }),
      ToTimestamp: z.int().meta({ description: "23:59:59 of To in TimeZone, Unix seconds" }),
    }),
    Totals: z.object({
      Usage: z.number().meta({
        description: "The sum over every meter, as the contract has it; meaningful only when all share one unit",
      }),
      Events: z.int(),
    }),
    Meters: z
      .array(
        z.object({
          Meter: z.string(),
          TotalUsage: z.number(),
          EventCount: z.int(),
          Unit: z
            .string()
            .optional()
            .meta({ description: "The meter's unit, from its definition; absent when it has none" }),
        }),
      )
      .meta({ description: "By TotalUsage, highest first, then by Meter" }),
  })
  .meta({
    id: "UsageSummary",
    examples: [
      {
        Period: {
          From: "2026-11-01",
          To: "2026-11-30",
          TimeZone: "UTC",
          FromTimestamp: 1793491200,
          ToTimestamp: 1796083199,
        },
        Totals: { Usage: 1234.5, Events: 310 },
        Meters: [
          { Meter: "api-calls", TotalUsage: 1200, EventCount: 300, Unit: "calls" },
          { Meter: "order-completed", TotalUsage: 34.5, EventCount: 10 },
        ],
      },
    ],
  });
