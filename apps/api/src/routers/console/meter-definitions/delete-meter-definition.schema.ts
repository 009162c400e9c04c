import { z } from "zod";

import { anyMeterNameField } from "@slotwise/core";

export const deleteMeterDefinitionInput = z.object({ Meter: anyMeterNameField("Meter") });
