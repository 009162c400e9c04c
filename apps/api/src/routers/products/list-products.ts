import { z } from "zod";
import { presentProduct } from "../../presenters/product.ts";
import { partnerProcedure } from "../../trpc/procedures.ts";
import { partnerParam } from "../schemas/params.ts";
import { productSchema } from "../schemas/product.ts";
import { activeProducts } from "../active-products.ts";

export const listProducts = partnerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/ota/{partner}/products",
      tags: ["Products"],
      summary: "List the operator's products",
      description: "The whole list of active products, ordered by Name then ID. Cache it: the response carries an ETag; send it back in If-None-Match to get 304 when nothing changed.",
    },
    cacheControl: "private, max-age=300",
  })
  .input(z.object({ partner: partnerParam, name: z.string().max(200).optional().meta({ description: "Case-insensitive part of the product name" }) }))
  .output(z.object({ data: z.array(productSchema) }))
  .query(async ({ ctx, input }) => {
    const products = await activeProducts(ctx, ctx.principal.operatorId, input.name);
    return { data: products.map(presentProduct) };
  });
