import { z } from "zod";

export const operatorTimeslotSchema = z.object({
  Date: z.string(),
  Time: z.string(),
  StartsAt: z.string(),
  Capacity: z.int(),
  Closed: z.boolean(),
});

export type OperatorTimeslotView = z.infer<typeof operatorTimeslotSchema>;
