import { z } from "zod";

import { bookingReferenceInput } from "./get-booking.ts";

/** `?dryRun=true` (or `"dryRun": true` in a body): answer the quote, cancel nothing. */
export const cancelBookingInput = bookingReferenceInput.extend({
  dryRun: z
    .union([z.boolean(), z.stringbool({ error: "dryRun must be true or false" })])
    .optional()
    .meta({ description: "true: answer what cancelling now would give and change nothing" }),
});
