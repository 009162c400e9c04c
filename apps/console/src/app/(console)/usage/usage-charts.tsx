"use client";

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { formatNumber, formatUsage } from "../../../lib/format";

const COLORS = ["#0f6cbd", "#6b46c1", "#0f766e", "#b45309", "#be185d", "#4d7c0f", "#1d4ed8", "#9333ea"];
export const colorOf = (index: number) => COLORS[index % COLORS.length] ?? "#0f6cbd";

/** TotalUsage per meter, largest first (the summary's own order), each in its own unit. */
export function TotalsChart({
  meters,
}: {
  meters: { Meter: string; TotalUsage: number; Unit?: string | undefined }[];
}) {
  const unitOf = new Map(meters.map((m) => [m.Meter, m.Unit]));
  return (
    <div
      className="chart"
      role="img"
      aria-label={`Total usage per meter: ${meters.map((m) => `${m.Meter} ${formatUsage(m.TotalUsage, m.Unit)}`).join(", ")}`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={meters} layout="vertical" margin={{ left: 8, right: 24, top: 8, bottom: 8 }}>
          <CartesianGrid horizontal={false} stroke="#e2e6eb" />
          <XAxis type="number" tickFormatter={formatNumber} stroke="#5d6b7a" fontSize={12} />
          <YAxis type="category" dataKey="Meter" width={150} stroke="#5d6b7a" fontSize={12} />
          <Tooltip
            formatter={(v, _name, item) => {
              const row = item.payload as { Meter: string } | undefined;
              return formatUsage(Number(v), row ? unitOf.get(row.Meter) : undefined);
            }}
          />
          <Bar dataKey="TotalUsage" name="Total usage" fill="#0f6cbd" radius={[0, 4, 4, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** One meter over the period, per day or per hour, with empty buckets shown as zero. */
export function SeriesChart({
  meter,
  buckets,
  values,
  color,
  unit,
  meterUnit,
}: {
  meter: string;
  buckets: string[];
  values: Map<string, number>;
  color: string;
  unit: "day" | "hour";
  meterUnit?: string | undefined;
}) {
  const data = buckets.map((bucket) => ({ bucket, usage: values.get(bucket) ?? 0 }));
  const label = (bucket: string) => (unit === "hour" ? bucket.slice(5).replace("T", " ") : bucket.slice(5));
  return (
    <div className="chart-small" role="img" aria-label={`${meter} per ${unit}`}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ left: 0, right: 8, top: 8, bottom: 0 }}>
          <CartesianGrid vertical={false} stroke="#e2e6eb" />
          <XAxis dataKey="bucket" tickFormatter={label} stroke="#5d6b7a" fontSize={11} minTickGap={16} />
          <YAxis tickFormatter={formatNumber} stroke="#5d6b7a" fontSize={11} width={48} />
          <Tooltip
            formatter={(v) => formatUsage(Number(v), meterUnit)}
            labelFormatter={(b) => (typeof b === "string" ? b.replace("T", " ") : b)}
          />
          <Bar dataKey="usage" name={meter} fill={color} radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
