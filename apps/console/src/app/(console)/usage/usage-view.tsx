"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useMemo } from "react";

import { eachDate } from "@slotwise/core/plain-dates";

import { Card } from "../../../components/card";
import { EmptyState, ErrorState } from "../../../components/states";
import { rangeFromUrl, type RangeChoice } from "../../../lib/date-ranges";
import { problemMessage } from "../../../lib/problem";
import { trpc } from "../../../lib/trpc";
import { dimensionQuery, dimensionsFromUrl, FILTER_PREFIX } from "../../../lib/usage-dimensions";
import { useUrlState } from "../../../lib/use-url-state";
import { GroupsSection } from "./group-table";
import { MetersTable, UsageLoading, UsageStats } from "./meters-table";
import { SeriesMultiples } from "./series-multiples";
import { TotalsChart } from "./usage-charts";
import { UsageToolbar } from "./usage-toolbar";

/** Every bucket label of the period, so that quiet days show as zero rather than vanish. */
function bucketsOf(from: string, to: string, unit: "day" | "hour"): string[] {
  const days = eachDate(from, to, 367);
  if (unit === "day") return days;
  return days.flatMap((d) => Array.from({ length: 24 }, (_, h) => `${d}T${String(h).padStart(2, "0")}:00`));
}

export function UsageView() {
  const me = trpc.console.session.me.useQuery(undefined, { staleTime: 60_000 });
  const url = useUrlState();
  const defaultZone = me.data?.operator.timeZone ?? "UTC";
  const range = rangeFromUrl(url.get, defaultZone);
  const input = { from: range.from, to: range.to, tz: range.tz };
  const params = useSearchParams();
  const dimensions = dimensionsFromUrl(params);
  const byDimensions = dimensions.groupBy.length > 0 || dimensions.filters.length > 0;
  const ready = me.isSuccess;
  const summary = trpc.console.usage.summary.useQuery(
    { ...input, ...dimensionQuery(dimensions) },
    { enabled: ready, placeholderData: keepPreviousData },
  );
  // The series are per meter over time, across every dimension: shown only when none is chosen.
  const series = trpc.console.usage.series.useQuery(input, {
    enabled: ready && !byDimensions,
    placeholderData: keepPreviousData,
  });

  const change = (changes: Partial<RangeChoice>) => {
    url.set((current) => {
      const next: Record<string, string | undefined> = {};
      if (changes.tz !== undefined) next.tz = changes.tz === defaultZone ? undefined : changes.tz;
      if (changes.preset === "custom") {
        // Switching to custom starts from the dates on screen; each edit then changes one end.
        next.range = "custom";
        next.from = changes.from ?? current.get("from") ?? range.from;
        next.to = changes.to ?? current.get("to") ?? range.to;
      } else if (changes.preset) {
        Object.assign(next, { range: changes.preset, from: undefined, to: undefined });
      }
      return next;
    });
  };

  const groupBy = (names: string[]) => url.set({ groupBy: names.join(",") });
  const filter = (name: string, value: string | undefined) => url.set({ [`${FILTER_PREFIX}${name}`]: value });

  const perMeter = useMemo(() => {
    const byMeter = new Map<string, Map<string, number>>();
    for (const p of series.data?.points ?? []) {
      const values = byMeter.get(p.Meter) ?? new Map<string, number>();
      values.set(p.Bucket, p.Usage);
      byMeter.set(p.Meter, values);
    }
    return byMeter;
  }, [series.data]);
  const unit = series.data?.unit ?? "day";
  const buckets = bucketsOf(range.from, range.to, unit);
  const builtIn = new Set<string>(summary.data?.BuiltInMeters ?? []);
  const data = summary.data;

  return (
    <div className="stack" aria-busy={summary.isFetching || series.isFetching}>
      <UsageToolbar
        range={range}
        defaultZone={defaultZone}
        onChange={change}
        dimensions={dimensions}
        onGroupBy={groupBy}
        onFilter={filter}
        unit={unit}
        canExport={Boolean(data) && !byDimensions}
      />

      {summary.error ? (
        <div className="card">
          <ErrorState message={problemMessage(summary.error)} onRetry={() => void summary.refetch()} />
        </div>
      ) : !data ? (
        <UsageLoading />
      ) : (
        <>
          <UsageStats data={data} />
          {data.Meters.length === 0 ? (
            <div className="card">
              <EmptyState title="Nothing was metered in this period">
                <span>Pick a longer period, or record usage with POST /api/v2/usage/meters.</span>
              </EmptyState>
            </div>
          ) : (
            <>
              <Card id="totals-heading" title="Total usage per meter, each in its own unit">
                <TotalsChart meters={data.Meters} />
              </Card>
              <Card id="table-heading" title="Meters" flush>
                <MetersTable data={data} builtIn={builtIn} />
              </Card>
              {dimensions.groupBy.length > 0 && <GroupsSection meters={data.Meters} groupBy={dimensions.groupBy} />}
              {!byDimensions && (
                <SeriesMultiples
                  meters={data.Meters}
                  builtIn={builtIn}
                  unit={unit}
                  buckets={buckets}
                  perMeter={perMeter}
                  loaded={Boolean(series.data)}
                />
              )}
            </>
          )}
        </>
      )}
    </div>
  );
}
