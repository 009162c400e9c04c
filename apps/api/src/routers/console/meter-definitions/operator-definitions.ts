import type { MeterDefinitionInput } from "@slotwise/core";
import { listMeterDefinitions, type Db, type MeterDefinitionRecord } from "@slotwise/db";

import { presentMeterDefinition } from "../../../presenters/meter-definition.ts";

/** A definition as sent (the contract's shape) as stored. */
export const definitionRecord = (input: MeterDefinitionInput): MeterDefinitionRecord => ({
  meter: input.Meter,
  unit: input.Unit,
  description: input.Description,
  thresholds: input.Thresholds.map((t) => ({ period: t.Period, value: t.Value })),
});

/** The operator's definitions, in the shape of `GET /usage/meter-definitions`: every change answers them all. */
export async function definitionsOf(ctx: { db: Db; principal: { operatorId: number } }) {
  return (await listMeterDefinitions(ctx.db, ctx.principal.operatorId)).map(presentMeterDefinition);
}
