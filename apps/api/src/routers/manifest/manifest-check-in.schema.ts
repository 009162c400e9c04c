import { z } from "zod";

import { boundedField } from "@slotwise/core";

export const manifestCheckInInput = z.object({
  code: boundedField("code", 64),
});
