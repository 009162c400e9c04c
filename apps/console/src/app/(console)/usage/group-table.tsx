"use client";

import { Card } from "../../../components/card";
import { formatNumber, formatUsage } from "../../../lib/format";
import { groupValueLabel } from "../../../lib/usage-dimensions";
import type { UsageSummary } from "./meters-table";
import { TotalsChart } from "./usage-charts";

export interface MeterGroups {
  Meter: string;
  Unit?: string | undefined;
  Groups: { Values: Record<string, string | number | boolean | null>; TotalUsage: number; EventCount: number }[];
}

/** One meter's usage per group of dimension values: a chart of the groups' totals and their table, in the meter's unit. */
export function GroupTable({ meter, groupBy }: { meter: MeterGroups; groupBy: string[] }) {
  const label = (values: MeterGroups["Groups"][number]["Values"]) =>
    groupBy.map((name) => groupValueLabel(values[name] ?? null)).join(" · ");
  return (
    <>
      <TotalsChart
        meters={meter.Groups.slice(0, 20).map((g) => ({
          Meter: label(g.Values),
          TotalUsage: g.TotalUsage,
          Unit: meter.Unit,
        }))}
      />
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              {groupBy.map((name) => (
                <th key={name} scope="col" className="mono">
                  {name}
                </th>
              ))}
              <th scope="col" className="right">
                Total usage
              </th>
              <th scope="col" className="right">
                Events
              </th>
            </tr>
          </thead>
          <tbody>
            {meter.Groups.map((g) => (
              <tr key={JSON.stringify(groupBy.map((name) => g.Values[name] ?? null))}>
                {groupBy.map((name) => (
                  <td key={name} className={g.Values[name] === null ? "muted" : "mono"}>
                    {groupValueLabel(g.Values[name] ?? null)}
                  </td>
                ))}
                <td className="right num">{formatUsage(g.TotalUsage, meter.Unit)}</td>
                <td className="right num">{formatNumber(g.EventCount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** One group table per meter, under the names the page groups by. */
export function GroupsSection({ meters, groupBy }: { meters: UsageSummary["Meters"]; groupBy: string[] }) {
  return (
    <section aria-labelledby="groups-heading" className="stack">
      <h2 id="groups-heading">Per {groupBy.join(", ")}</h2>
      {meters.map((m) => (
        <Card key={m.Meter} id={`groups-${m.Meter}`} title={`${m.Meter}${m.Unit ? ` (${m.Unit})` : ""}`} flush>
          <GroupTable meter={{ ...m, Groups: m.Groups ?? [] }} groupBy={groupBy} />
        </Card>
      ))}
    </section>
  );
}
