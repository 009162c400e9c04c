import { z } from "zod";

import {
  customerSchema,
  idField,
  participantsField,
  textField,
  unitsField,
  withParticipantsOrUnits,
} from "@slotwise/core";

export const sellAtDeskInput = withParticipantsOrUnits(
  z.object({
    timeslotId: idField("timeslotId"),
    Participants: participantsField("Participants").optional(),
    Units: unitsField.optional(),
    Customer: customerSchema,
    PaymentReference: textField("PaymentReference", 0, 128).optional(),
  }),
);
