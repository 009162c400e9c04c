import { z } from "zod";

import { idField } from "@slotwise/core";

export const markNoShowsInput = z.object({
  timeslotId: idField("timeslotId"),
});
