import { ExactDecimal as Decimal } from "./exact-decimal.ts";
import type { Period } from "./period.ts";
import type { DimensionValue } from "./usage-dimensions.ts";

/** One meter's aggregate as the database returns it: the sum as an exact decimal string. */
export interface MeterTotal {
  meter: string;
  totalUsage: string | Decimal;
  eventCount: number;
}

export interface GroupSummary {
  /** One member per `groupBy` name: the entries' value, null for entries without it. */
  Values: Record<string, DimensionValue | null>;
  TotalUsage: number;
  EventCount: number;
}

export interface MeterSummary {
  Meter: string;
  TotalUsage: number;
  EventCount: number;
  /** The meter's unit, when its definition names one (contract section 14). */
  Unit?: string;
  /** With `groupBy` only (contract section 14). */
  Groups?: GroupSummary[];
}

/** One meter's aggregate for one combination of the grouped dimensions' values, in `groupBy` order. */
export interface GroupTotal extends MeterTotal {
  values: (DimensionValue | null)[];
}

export interface UsageSummary {
  Period: Period;
  Totals: { Usage: number; Events: number };
  Meters: MeterSummary[];
}

/** Highest total first; equal totals by meter name, so the order never depends on the query plan. */
export function compareMeters(a: { meter: string; total: Decimal }, b: { meter: string; total: Decimal }): number {
  const byTotal = b.total.comparedTo(a.total);
  if (byTotal !== 0) return byTotal;
  return a.meter < b.meter ? -1 : a.meter > b.meter ? 1 : 0;
}

/**
 * The response of `GET /usage/meters`. Sums stay exact decimals until the very end, where
 * each is turned into the nearest JSON number (0.1 + 0.2 is 0.3, not 0.30000000000000004).
 */
export function assembleSummary(period: Period, rows: readonly MeterTotal[]): UsageSummary {
  const exact = rows
    .map((r) => ({ meter: r.meter, total: new Decimal(r.totalUsage), events: r.eventCount }))
    .sort(compareMeters);
  const totalUsage = exact.reduce((sum, r) => sum.plus(r.total), new Decimal(0));
  const totalEvents = exact.reduce((sum, r) => sum + r.events, 0);
  return {
    Period: period,
    Totals: { Usage: totalUsage.toNumber(), Events: totalEvents },
    Meters: exact.map((r) => ({ Meter: r.meter, TotalUsage: r.total.toNumber(), EventCount: r.events })),
  };
}

/** Each meter's unit beside its figures, for the meters that have one; the rest unchanged. */
export function withUnits<T extends { Meter: string }>(
  meters: readonly T[],
  units: ReadonlyMap<string, string>,
): (T & { Unit?: string })[] {
  return meters.map((m) => {
    const unit = units.get(m.Meter);
    return unit === undefined ? m : { ...m, Unit: unit };
  });
}

/**
 * The summary with `groupBy`: each meter's total is the sum of its groups, and its groups are
 * sorted like the meters (highest total first, then by their values' JSON text, so the order
 * never depends on the query plan).
 */
export function assembleGroupedSummary(
  period: Period,
  rows: readonly GroupTotal[],
  groupBy: readonly string[],
): UsageSummary {
  const byMeter = new Map<
    string,
    { total: Decimal; events: number; groups: { key: string; row: GroupTotal; total: Decimal }[] }
  >();
  for (const row of rows) {
    const total = new Decimal(row.totalUsage);
    const meter = byMeter.get(row.meter) ?? { total: new Decimal(0), events: 0, groups: [] };
    meter.total = meter.total.plus(total);
    meter.events += row.eventCount;
    meter.groups.push({ key: JSON.stringify(row.values), row, total });
    byMeter.set(row.meter, meter);
  }
  const summary = assembleSummary(
    period,
    [...byMeter].map(([meter, m]) => ({ meter, totalUsage: m.total, eventCount: m.events })),
  );
  return {
    ...summary,
    Meters: summary.Meters.map((m) => {
      const groups = byMeter.get(m.Meter)?.groups ?? [];
      groups.sort((a, b) => b.total.comparedTo(a.total) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      return {
        ...m,
        Groups: groups.map((g) => ({
          // fromEntries defines members rather than assigning them: a dimension named __proto__ stays a member.
          Values: Object.fromEntries(groupBy.map((name, i) => [name, g.row.values[i] ?? null])),
          TotalUsage: g.total.toNumber(),
          EventCount: g.row.eventCount,
        })),
      };
    }),
  };
}
