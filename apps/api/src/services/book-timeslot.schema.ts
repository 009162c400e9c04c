import { bookingRequestSchema } from "@slotwise/core";

import { partnerParam } from "../inputs/path-params.ts";

/** A partner booking's input: what its procedure and the REST edge's early refusal both parse. */
export const bookingInputSchema = bookingRequestSchema.safeExtend({ partner: partnerParam }).meta({
  examples: [
    {
      ActivityID: "s_7Hk2Pq9Lm",
      Date: "2026-12-01",
      Time: "09:30",
      Units: [
        { UnitID: "adult", Quantity: 2 },
        { UnitID: "child", Quantity: 1 },
      ],
      Customer: { FirstName: "Ana", LastName: "Silva", Email: "ana@example.com", Phone: "+351912345678" },
      PaymentReference: "ACME-PAY-88231",
    },
    { ActivityID: "s_7Hk2Pq9Lm", Date: "2026-12-01", Time: "09:30", Participants: 2, HoldMinutes: 15 },
  ],
});
