import { z } from "zod";

import { listOperatorPartners } from "@slotwise/db";

import { catalogProcedure } from "../../trpc/procedures.ts";

export const listPartners = catalogProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/operator/partners",
      tags: ["Catalogue"],
      summary: "The operator's partners, by name: the slugs an activity's Partners may list",
    },
    problems: [],
  })
  .input(z.object({}))
  .output(z.object({ data: z.array(z.object({ Slug: z.string(), Name: z.string() })) }))
  .query(async ({ ctx }) => ({
    data: (await listOperatorPartners(ctx.db, ctx.principal.operatorId)).map((p) => ({ Slug: p.slug, Name: p.name })),
  }));
