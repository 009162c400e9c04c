import { ExactDecimal } from "@slotwise/core";
import type { listMeterDefinitions } from "@slotwise/db";

import type { MeterDefinitionOutput } from "./meter-definition-schema.ts";

type StoredDefinition = Awaited<ReturnType<typeof listMeterDefinitions>>[number];

/** Threshold values keep the usage bounds (15 significant digits), so each is exactly its JSON number. */
export function presentMeterDefinition(definition: StoredDefinition): MeterDefinitionOutput {
  return {
    Meter: definition.meter,
    Unit: definition.unit,
    Description: definition.description,
    Thresholds: definition.thresholds.map((t) => ({ Period: t.period, Value: new ExactDecimal(t.value).toNumber() })),
  };
}
