import { z } from "zod";

import { USAGE_WINDOWS } from "@slotwise/core";

import { groupValuesSchema } from "./group-values-schema.ts";

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

const periodSchema = z.object({
  From: z.string(),
  To: z.string(),
  TimeZone: z.string(),
  FromTimestamp: z.int().meta({ description: "00:00:00 of From in TimeZone, Unix seconds" }),
  ToTimestamp: z.int().meta({ description: "23:59:59 of To in TimeZone, Unix seconds" }),
});

export const usageSummarySchema = z
  .object({
    Period: periodSchema,
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
          Groups: z
            .array(
              z.object({
                Values: groupValuesSchema,
                TotalUsage: z.number(),
                EventCount: z.int(),
              }),
            )
            .optional()
            .meta({ description: "With groupBy only: by TotalUsage, highest first, then by Values" }),
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

export const usageSeriesSchema = z
  .object({
    Period: periodSchema,
    Window: z.enum(USAGE_WINDOWS),
    Series: z
      .array(
        z.object({
          Meter: z.string(),
          Unit: z
            .string()
            .optional()
            .meta({ description: "The meter's unit, from its definition; absent when it has none" }),
          Points: z
            .array(
              z.object({
                Start: z.string().meta({
                  description:
                    "Local start of the window in TimeZone: YYYY-MM-DD for day and month windows (the first month starts at From), YYYY-MM-DDTHH:00 for hour windows (the hour the autumn change repeats appears twice)",
                }),
                StartTimestamp: z.int().meta({ description: "First instant of the window, Unix seconds" }),
                TotalUsage: z.number(),
                EventCount: z.int(),
              }),
            )
            .meta({ description: "One per window of the period, in time order, zeros included" }),
        }),
      )
      .meta({ description: "By TotalUsage over the period, highest first, then by Meter" }),
  })
  .meta({
    id: "UsageSeries",
    examples: [
      {
        Period: {
          From: "2026-11-01",
          To: "2026-11-03",
          TimeZone: "UTC",
          FromTimestamp: 1793491200,
          ToTimestamp: 1793750399,
        },
        Window: "day",
        Series: [
          {
            Meter: "api-calls",
            Unit: "calls",
            Points: [
              { Start: "2026-11-01", StartTimestamp: 1793491200, TotalUsage: 120, EventCount: 30 },
              { Start: "2026-11-02", StartTimestamp: 1793577600, TotalUsage: 0, EventCount: 0 },
              { Start: "2026-11-03", StartTimestamp: 1793664000, TotalUsage: 80.5, EventCount: 21 },
            ],
          },
        ],
      },
    ],
  });
