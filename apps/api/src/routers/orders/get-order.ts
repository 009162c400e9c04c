import { z } from "zod";

import { orderSchema } from "../../presenters/order-schema.ts";
import { readOrder } from "../../services/partner-order.ts";
import { partnerProcedure } from "../../trpc/procedures.ts";
import { orderPathInput } from "./order-id.schema.ts";

export const getOrder = partnerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/ota/{partner}/orders/{OrderID}",
      tags: ["Orders"],
      summary: "Read one of your orders",
    },
    problems: ["not-found"],
  })
  .input(orderPathInput)
  .output(z.object({ data: orderSchema }))
  .query(async ({ ctx, input }) => ({ data: await readOrder(ctx, input.OrderID) }));
