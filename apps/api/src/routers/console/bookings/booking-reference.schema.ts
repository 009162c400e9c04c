import { z } from "zod";

import { textField } from "@slotwise/core";

export const bookingReferenceInput = z.object({ reference: textField("reference", 1, 16) });
