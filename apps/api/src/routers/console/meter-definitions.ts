import { z } from "zod";

import {
  anyMeterNameField,
  MAX_METER_DEFINITIONS,
  meterDefinitionSchema,
  NotFoundError,
  ValidationError,
  type MeterDefinitionInput,
} from "@slotwise/core";
import {
  changeMeterDefinition,
  createMeterDefinition,
  deleteMeterDefinition,
  listMeterDefinitions,
  type Db,
  type MeterDefinitionRecord,
} from "@slotwise/db";

import { presentMeterDefinition } from "../../presenters/meter-definition.ts";
import { consoleProcedure } from "../../trpc/procedures.ts";

const record = (input: MeterDefinitionInput): MeterDefinitionRecord => ({
  meter: input.Meter,
  unit: input.Unit,
  description: input.Description,
  thresholds: input.Thresholds.map((t) => ({ period: t.Period, value: t.Value })),
});

async function definitionsOf(ctx: { db: Db; principal: { operatorId: number } }) {
  return (await listMeterDefinitions(ctx.db, ctx.principal.operatorId)).map(presentMeterDefinition);
}

/** The operator's meter definitions, in the shape of `GET /usage/meter-definitions`. */
export const listConsoleMeterDefinitions = consoleProcedure.query(({ ctx }) => definitionsOf(ctx));

/** Defines a meter; one already defined is refused, so nothing is overwritten unawares. */
export const createConsoleMeterDefinition = consoleProcedure
  .input(meterDefinitionSchema)
  .mutation(async ({ ctx, input }) => {
    const outcome = await createMeterDefinition(ctx.db, ctx.principal.operatorId, record(input), MAX_METER_DEFINITIONS);
    if (outcome === "exists")
      throw new ValidationError([{ field: "Meter", message: `${input.Meter} already has a definition: edit it` }]);
    if (outcome === "full")
      throw new ValidationError([
        { field: "Meter", message: `An operator has at most ${MAX_METER_DEFINITIONS} meter definitions` },
      ]);
    return definitionsOf(ctx);
  });

/** Replaces a definition's unit, description and thresholds. */
export const changeConsoleMeterDefinition = consoleProcedure
  .input(meterDefinitionSchema)
  .mutation(async ({ ctx, input }) => {
    if (!(await changeMeterDefinition(ctx.db, ctx.principal.operatorId, record(input))))
      throw new NotFoundError(`There is no definition of ${input.Meter}`);
    return definitionsOf(ctx);
  });

/** Deletes a definition; the notices it gave stay. */
export const deleteConsoleMeterDefinition = consoleProcedure
  .input(z.object({ Meter: anyMeterNameField("Meter") }))
  .mutation(async ({ ctx, input }) => {
    if (!(await deleteMeterDefinition(ctx.db, ctx.principal.operatorId, input.Meter)))
      throw new NotFoundError(`There is no definition of ${input.Meter}`);
    return definitionsOf(ctx);
  });
