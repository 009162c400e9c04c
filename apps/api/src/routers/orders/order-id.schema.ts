import { z } from "zod";

import { orderConfirmSchema } from "@slotwise/core";

import { orderIdParam, partnerParam } from "../../inputs/path-params.ts";

/** The path of one order: shared by get-order and cancel-order. */
export const orderPathInput = z.object({ partner: partnerParam, OrderID: orderIdParam });

export const confirmOrderInput = orderConfirmSchema.safeExtend({ partner: partnerParam, OrderID: orderIdParam });
