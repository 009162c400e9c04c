import { z } from "zod";

import { boundedField, MAX_EMAIL_LENGTH } from "@slotwise/core";

export const signInInput = z.object({
  email: boundedField("email", MAX_EMAIL_LENGTH),
  password: boundedField("password", 200),
});
