import { saleFields, withParticipantsOrUnits } from "@slotwise/core";

import { operatorSlug } from "./shop-operator.ts";

export const shopCheckoutInput = withParticipantsOrUnits(saleFields.extend({ operator: operatorSlug }));
