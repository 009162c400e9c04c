"use client";

import { formatNumber, formatUsage } from "../../../lib/format";
import { groupValueLabel } from "../../../lib/usage-dimensions";
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
