"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import { toast } from "sonner";

import { eachDate } from "@slotwise/core/plain-dates";

import { Card } from "../../../components/card";
import { EmptyState, ErrorState, Loading, SkeletonBlock } from "../../../components/states";
import { rangeFromUrl, type RangeChoice } from "../../../lib/date-ranges";
import { formatLocalDate, formatNumber, formatUsage } from "../../../lib/format";
import { problemMessage } from "../../../lib/problem";
import { trpc } from "../../../lib/trpc";
import { dimensionQuery, dimensionsFromUrl, FILTER_PREFIX } from "../../../lib/usage-dimensions";
import { useUrlState } from "../../../lib/use-url-state";
import { DimensionControls } from "./dimension-controls";
import { GroupTable } from "./group-table";
import { RangePicker } from "./range-picker";
import { colorOf, SeriesChart, TotalsChart } from "./usage-charts";

/** Every bucket label of the period, so that quiet days show as zero rather than vanish. */
function bucketsOf(from: string, to: string, unit: "day" | "hour"): string[] {
  const days = eachDate(from, to, 367);
  if (unit === "day") return days;
  return days.flatMap((d) => Array.from({ length: 24 }, (_, h) => `${d}T${String(h).padStart(2, "0")}:00`));
}

function download(filename: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
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
  const utils = trpc.useUtils();
  const [exporting, setExporting] = useState(false);

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

  const exportCsv = async (kind: "summary" | "series") => {
    setExporting(true);
    try {
      const file = await utils.console.usage.csv.fetch({ ...input, kind });
      download(file.filename, file.csv);
      toast.success(`Downloaded ${file.filename}`);
    } catch (error) {
      toast.error(problemMessage(error));
    } finally {
      setExporting(false);
    }
  };

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
      <section className="card">
        <RangePicker value={range} defaultZone={defaultZone} onChange={change} />
        <DimensionControls
          key={dimensions.groupBy.join(",")}
          value={dimensions}
          onGroupBy={groupBy}
          onFilter={filter}
        />
        <div className="card-body row" style={{ justifyContent: "space-between" }}>
          <span className="muted">
            {formatLocalDate(range.from)} – {formatLocalDate(range.to)}, both included, in {range.tz}
            {dimensions.filters.length > 0 &&
              `, only entries with ${dimensions.filters.map((f) => `${f.name} = ${f.value}`).join(" and ")}`}
          </span>
          <div className="row">
            <button
              type="button"
              onClick={() => void exportCsv("summary")}
              disabled={exporting || !data || byDimensions}
            >
              Download CSV
            </button>
            <button
              type="button"
              onClick={() => void exportCsv("series")}
              disabled={exporting || !data || byDimensions}
            >
              CSV per {unit}
            </button>
          </div>
        </div>
      </section>

      {summary.error ? (
        <div className="card">
          <ErrorState message={problemMessage(summary.error)} onRetry={() => void summary.refetch()} />
        </div>
      ) : !data ? (
        <>
          <Loading label="Loading usage" />
          <div className="grid-3">
            <SkeletonBlock height={84} />
            <SkeletonBlock height={84} />
            <SkeletonBlock height={84} />
          </div>
          <SkeletonBlock height={320} />
        </>
      ) : (
        <>
          {/* Meters of different units never add up: the headline counts events, each meter keeps its own total. */}
          <div className="grid-2">
            <div className="card stat">
              <div className="label">Events</div>
              <div className="value" data-testid="total-events">
                {formatNumber(data.Totals.Events)}
              </div>
            </div>
            <div className="card stat">
              <div className="label">Meters</div>
              <div className="value">{data.Meters.length}</div>
            </div>
          </div>
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
                <div className="table-wrap">
                  <table>
                    <thead>
                      <tr>
                        <th scope="col">Meter</th>
                        <th scope="col" className="right">
                          Total usage
                        </th>
                        <th scope="col" className="right">
                          Events
                        </th>
                        <th scope="col" className="right hide-narrow">
                          Share of events
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.Meters.map((m) => (
                        <tr key={m.Meter}>
                          <td>
                            <span className="mono">{m.Meter}</span>{" "}
                            {builtIn.has(m.Meter) && <span className="badge built-in">Built-in</span>}
                          </td>
                          <td className="right num">{formatUsage(m.TotalUsage, m.Unit)}</td>
                          <td className="right num">{formatNumber(m.EventCount)}</td>
                          <td className="right num hide-narrow">
                            {data.Totals.Events ? `${((100 * m.EventCount) / data.Totals.Events).toFixed(1)} %` : "—"}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                    <tfoot>
                      <tr>
                        <th scope="row">All meters</th>
                        <td className="right muted">—</td>
                        <td className="right num">
                          <strong>{formatNumber(data.Totals.Events)}</strong>
                        </td>
                        <td className="hide-narrow" />
                      </tr>
                    </tfoot>
                  </table>
                </div>
              </Card>
              {dimensions.groupBy.length > 0 && (
                <section aria-labelledby="groups-heading" className="stack">
                  <h2 id="groups-heading">Per {dimensions.groupBy.join(", ")}</h2>
                  {data.Meters.map((m) => (
                    <Card
                      key={m.Meter}
                      id={`groups-${m.Meter}`}
                      title={`${m.Meter}${m.Unit ? ` (${m.Unit})` : ""}`}
                      flush
                    >
                      <GroupTable meter={{ ...m, Groups: m.Groups ?? [] }} groupBy={dimensions.groupBy} />
                    </Card>
                  ))}
                </section>
              )}
              {!byDimensions && (
                <section aria-labelledby="series-heading" className="stack">
                  <h2 id="series-heading">Per {unit}</h2>
                  <div className="multiples">
                    {data.Meters.map((m, i) => (
                      <div key={m.Meter} className="card">
                        <div className="card-head">
                          <h3 className="mono">{m.Meter}</h3>
                          {m.Unit && <span className="muted small">{m.Unit}</span>}
                          {builtIn.has(m.Meter) && <span className="badge built-in">Built-in</span>}
                        </div>
                        <div className="card-body">
                          {series.data ? (
                            <SeriesChart
                              meter={m.Meter}
                              buckets={buckets}
                              values={perMeter.get(m.Meter) ?? new Map()}
                              color={colorOf(i)}
                              unit={unit}
                              meterUnit={m.Unit}
                            />
                          ) : (
                            <SkeletonBlock height={170} />
                          )}
                        </div>
                      </div>
                    ))}
                  </div>
                </section>
              )}
            </>
          )}
        </>
      )}
    </div>
  );
}
