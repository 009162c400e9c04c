import { z } from "zod";

import { BadRequestError, boundedField, INT4_MAX, NotFoundError, stringField } from "@slotwise/core";
import { findProductById, findProductByName } from "@slotwise/db";

import { partnerParam } from "../../inputs/path-params.ts";
import { productSchema } from "../../presenters/product-schema.ts";
import { presentProduct } from "../../presenters/product.ts";
import { visibleTo } from "../../services/find-activity.ts";
import { partnerProcedure } from "../../trpc/procedures.ts";

const INTEGER = /^[1-9]\d*$/;

/**
 * ID stays a string: a query parameter coerced with Number() would take 0x10 for 16. Not a
 * positive whole number is the contract's 400; one past PostgreSQL's integer is a 422.
 */
const idParam = stringField("ID").refine((id) => !INTEGER.test(id) || (id.length <= 10 && Number(id) <= INT4_MAX), {
  error: `ID must be at most ${INT4_MAX}`,
});

export const resolveProduct = partnerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/ota/{partner}/resolve-product",
      tags: ["Products"],
      summary: "Look up one product by ID or by exact name",
      description: "Give exactly one of ID and Name (case-insensitive exact match).",
    },
    problems: ["bad-request", "not-found", "validation"],
  })
  .input(
    z.object({
      partner: partnerParam,
      ID: idParam.meta({ description: "Numeric product ID", examples: ["12"] }).optional(),
      Name: boundedField("Name", 200)
        .meta({ description: "The exact name, ignoring case; % and _ match themselves" })
        .optional(),
    }),
  )
  .output(z.object({ data: productSchema }))
  .query(async ({ ctx, input }) => {
    const hasId = input.ID !== undefined;
    const hasName = input.Name !== undefined;
    if (hasId === hasName)
      throw new BadRequestError("bad-request", "Give exactly one of the query parameters ID and Name");
    if (hasId && !INTEGER.test(input.ID ?? ""))
      throw new BadRequestError("bad-request", "ID must be a positive whole number");
    const operatorId = ctx.principal.operatorId;
    const product = hasId
      ? await findProductById(ctx.db, operatorId, Number(input.ID))
      : await findProductByName(ctx.db, operatorId, input.Name ?? "");
    if (!product || !visibleTo(ctx, product))
      throw new NotFoundError(
        hasId ? `There is no product with ID ${input.ID}` : `There is no product named ${input.Name}`,
      );
    return { data: presentProduct(product) };
  });
