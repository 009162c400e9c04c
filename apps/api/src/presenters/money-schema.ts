import { z } from "zod";

/** An amount of money: exact minor units, never a float. */
export const moneySchema = z.object({
  Amount: z.int().meta({ description: "Minor units (cents)" }),
  Currency: z.string().meta({ description: "ISO 4217" }),
});
