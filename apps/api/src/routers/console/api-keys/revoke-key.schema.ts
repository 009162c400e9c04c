import { z } from "zod";

import { textField } from "@slotwise/core";

export const revokeKeyInput = z.object({ prefix: textField("prefix", 1, 32) });
