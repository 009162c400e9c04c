import { z } from "zod";

import { boundedField } from "@slotwise/core";

import { partnerParam } from "../../inputs/path-params.ts";
import { productSchema } from "../../presenters/product-schema.ts";
import { presentProduct } from "../../presenters/product.ts";
import { activeProducts } from "../../services/active-products.ts";
import { partnerProcedure } from "../../trpc/procedures.ts";

export const listProducts = partnerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/ota/{partner}/products",
      tags: ["Products"],
      summary: "List the operator's products",
      description:
        "The whole list of active products, ordered by Name then ID. Cache it: the response carries an ETag; send it back in If-None-Match to get 304 when nothing changed.",
    },
    problems: ["validation"],
    cacheControl: "private, max-age=300",
    keepAnswers: true,
  })
  .input(
    z.object({
      partner: partnerParam,
      name: boundedField("name", 200)
        .meta({ description: "Case-insensitive part of the product name, taken literally: % and _ match themselves" })
        .optional(),
    }),
  )
  .output(z.object({ data: z.array(productSchema) }))
  .query(async ({ ctx, input }) => {
    const products = await activeProducts(ctx, ctx.principal.operatorId, input.name);
    return { data: products.map(presentProduct) };
  });
