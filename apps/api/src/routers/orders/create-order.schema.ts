import { orderRequestSchema } from "@slotwise/core";

import { partnerParam } from "../../inputs/path-params.ts";

export const createOrderInput = orderRequestSchema.safeExtend({ partner: partnerParam }).meta({
  examples: [
    {
      Items: [
        { ActivityID: "s_7Hk2Pq9Lm", Date: "2026-12-01", Time: "09:30", Units: [{ UnitID: "adult", Quantity: 2 }] },
        { ActivityID: "s_4Rt8Wq2Zx", Date: "2026-12-01", Time: "15:00", Participants: 2 },
      ],
      HoldMinutes: 15,
      Customer: { FirstName: "Ana", LastName: "Silva", Email: "ana@example.com", Phone: "+351912345678" },
    },
  ],
});
