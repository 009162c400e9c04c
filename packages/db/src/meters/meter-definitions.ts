import type { ThresholdPeriod as Period } from "@slotwise/core";

import type { Database } from "../client.ts";
import { ThresholdPeriod } from "../generated/prisma/enums.ts";
import type { Db, Tx } from "../tx.ts";

export interface MeterDefinitionRecord {
  meter: string;
  unit: string | null;
  description: string;
  /** `value` an exact decimal: a JSON number as received, or a decimal string. */
  thresholds: { period: Period; value: number | string }[];
}

export const toDbPeriod = (period: Period) => (period === "day" ? ThresholdPeriod.DAY : ThresholdPeriod.MONTH);
export const fromDbPeriod = (period: ThresholdPeriod): Period => (period === ThresholdPeriod.DAY ? "day" : "month");

/** The operator's meter definitions by meter name, each with its thresholds (day before month, smallest first). */
export async function listMeterDefinitions(db: Db, operatorId: number) {
  const rows = await db.meterDefinition.findMany({
    where: { operatorId },
    orderBy: { meter: "asc" },
    include: { thresholds: { orderBy: [{ period: "asc" }, { value: "asc" }] } },
  });
  return rows.map((row) => ({
    meter: row.meter,
    unit: row.unit,
    description: row.description,
    thresholds: row.thresholds.map((t) => ({ period: fromDbPeriod(t.period), value: t.value.toFixed() })),
  }));
}

/** Each meter's unit, for the meters that have one. */
export async function meterUnits(db: Db, operatorId: number): Promise<Map<string, string>> {
  const rows = await db.meterDefinition.findMany({
    where: { operatorId, unit: { not: null } },
    select: { meter: true, unit: true },
  });
  return new Map(rows.map((r) => [r.meter, r.unit ?? ""]));
}

async function replaceThresholds(tx: Tx, definitionId: number, thresholds: MeterDefinitionRecord["thresholds"]) {
  await tx.meterThreshold.deleteMany({ where: { definitionId } });
  await tx.meterThreshold.createMany({
    data: thresholds.map((t) => ({ definitionId, period: toDbPeriod(t.period), value: String(t.value) })),
  });
}

export type CreatedDefinition = "created" | "exists" | "full";

/**
 * Adds a definition; never overwrites one (`exists`), and refuses past `limit` definitions per
 * operator (`full`). The operator's row is locked while counting, so simultaneous adds cannot
 * pass the limit together.
 */
export function createMeterDefinition(
  db: Database,
  operatorId: number,
  definition: MeterDefinitionRecord,
  limit: number,
): Promise<CreatedDefinition> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM operators WHERE id = ${operatorId} FOR UPDATE`;
    if (await tx.meterDefinition.findUnique({ where: { operatorId_meter: { operatorId, meter: definition.meter } } }))
      return "exists";
    if ((await tx.meterDefinition.count({ where: { operatorId } })) >= limit) return "full";
    const created = await tx.meterDefinition.create({
      data: { operatorId, meter: definition.meter, unit: definition.unit, description: definition.description },
    });
    await replaceThresholds(tx, created.id, definition.thresholds);
    return "created";
  });
}

/** Replaces a definition's unit, description and thresholds; false when the operator has no definition of that meter. */
export function changeMeterDefinition(
  db: Database,
  operatorId: number,
  definition: MeterDefinitionRecord,
): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.meterDefinition.updateMany({
      where: { operatorId, meter: definition.meter },
      data: { unit: definition.unit, description: definition.description },
    });
    if (count === 0) return false;
    const { id } = await tx.meterDefinition.findUniqueOrThrow({
      where: { operatorId_meter: { operatorId, meter: definition.meter } },
      select: { id: true },
    });
    await replaceThresholds(tx, id, definition.thresholds);
    return true;
  });
}

/** Deletes a definition and its thresholds (notices already given stay); false when there was none. */
export async function deleteMeterDefinition(db: Db, operatorId: number, meter: string): Promise<boolean> {
  const { count } = await db.meterDefinition.deleteMany({ where: { operatorId, meter } });
  return count === 1;
}
