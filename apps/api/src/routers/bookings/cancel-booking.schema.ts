import { z } from "zod";

import { parameterSpelling } from "../../inputs/parameter-spelling.ts";
import { bookingReferenceInput } from "./get-booking.ts";

/** `dryRun` in another spelling: ignored, it would cancel the booking for real. */
const misspeltDryRun = (key: string) => key !== "dryRun" && parameterSpelling(key) === parameterSpelling("dryRun");

/**
 * `?dryRun=true` (or `"dryRun": true` in a body): answer the quote, cancel nothing. Other
 * parameters are ignored, but `dryRun` spelt another way (`dryrun`, `dry_run`, `DryRun`) is a
 * 422 naming it, since ignoring it would cancel what the caller meant only to price.
 */
export const cancelBookingInput = z
  .looseObject({
    ...bookingReferenceInput.shape,
    dryRun: z
      .union([z.boolean(), z.stringbool({ error: "dryRun must be true or false" })])
      .optional()
      .meta({ description: "true: answer what cancelling now would give and change nothing" }),
  })
  .check((ctx) => {
    for (const [key, value] of Object.entries(ctx.value))
      if (misspeltDryRun(key))
        ctx.issues.push({
          code: "custom",
          path: [key],
          message: `${key} is not a parameter: the dry run is dryRun, spelt so; nothing was cancelled`,
          input: value,
        });
  });
