import { BadRequestError, NotFoundError } from "@slotwise/core";
import { findProductById, findProductByName } from "@slotwise/db";
import { z } from "zod";
import { presentProduct } from "../../presenters/product.ts";
import { partnerProcedure } from "../../trpc/procedures.ts";
import { partnerParam } from "../schemas/params.ts";
import { productSchema } from "../schemas/product.ts";

const INTEGER = /^[1-9]\d{0,9}$/;

export const resolveProduct = partnerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/ota/{partner}/resolve-product",
      tags: ["Products"],
      summary: "Look up one product by ID or by exact name",
      description: "Give exactly one of ID and Name (case-insensitive exact match).",
    },
  })
  // ID stays a string here: a query parameter coerced with Number() would take 0x10 for 16.
  .input(z.object({ partner: partnerParam, ID: z.string().optional().meta({ description: "Numeric product ID", examples: ["12"] }), Name: z.string().max(200).optional() }))
  .output(z.object({ data: productSchema }))
  .query(async ({ ctx, input }) => {
    const hasId = input.ID !== undefined;
    const hasName = input.Name !== undefined;
    if (hasId === hasName) throw new BadRequestError("bad-request", "Give exactly one of the query parameters ID and Name");
    if (hasId && !INTEGER.test(input.ID ?? "")) throw new BadRequestError("bad-request", "ID must be a positive whole number");
    const operatorId = ctx.principal.operatorId;
    const product = hasId ? await findProductById(ctx.db, operatorId, Number(input.ID)) : await findProductByName(ctx.db, operatorId, input.Name ?? "");
    if (!product) throw new NotFoundError(hasId ? `There is no product with ID ${input.ID}` : `There is no product named ${input.Name}`);
    return { data: presentProduct(product) };
  });
