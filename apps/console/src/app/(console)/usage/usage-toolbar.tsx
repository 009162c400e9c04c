"use client";

import { useState } from "react";
import { toast } from "sonner";

import type { RangeChoice } from "../../../lib/date-ranges";
import { downloadCsv } from "../../../lib/download-csv";
import { formatLocalDate } from "../../../lib/format";
import { problemMessage } from "../../../lib/problem";
import { trpc } from "../../../lib/trpc";
import type { DimensionChoice } from "../../../lib/usage-dimensions";
import { DimensionControls } from "./dimension-controls";
import { RangePicker } from "./range-picker";

/**
 * The period, zone and dimension choices above the usage figures, and the CSV downloads.
 * The CSV holds totals per meter only, so it is off while dimensions are chosen.
 */
export function UsageToolbar({
  range,
  defaultZone,
  onChange,
  dimensions,
  onGroupBy,
  onFilter,
  unit,
  canExport,
}: {
  range: RangeChoice;
  defaultZone: string;
  onChange: (changes: Partial<RangeChoice>) => void;
  dimensions: DimensionChoice;
  onGroupBy: (names: string[]) => void;
  onFilter: (name: string, value: string | undefined) => void;
  unit: "day" | "hour";
  canExport: boolean;
}) {
  const utils = trpc.useUtils();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async (kind: "summary" | "series") => {
    setExporting(true);
    try {
      const file = await utils.console.usage.csv.fetch({ from: range.from, to: range.to, tz: range.tz, kind });
      downloadCsv(file.filename, file.csv);
      toast.success(`Downloaded ${file.filename}`);
    } catch (error) {
      toast.error(problemMessage(error));
    } finally {
      setExporting(false);
    }
  };
  return (
    <section className="card">
      <RangePicker value={range} defaultZone={defaultZone} onChange={onChange} />
      <DimensionControls
        key={dimensions.groupBy.join(",")}
        value={dimensions}
        onGroupBy={onGroupBy}
        onFilter={onFilter}
      />
      <div className="card-body row" style={{ justifyContent: "space-between" }}>
        <span className="muted">
          {formatLocalDate(range.from)} – {formatLocalDate(range.to)}, both included, in {range.tz}
          {dimensions.filters.length > 0 &&
            `, only entries with ${dimensions.filters.map((f) => `${f.name} = ${f.value}`).join(" and ")}`}
        </span>
        <div className="row">
          <button type="button" onClick={() => void exportCsv("summary")} disabled={exporting || !canExport}>
            Download CSV
          </button>
          <button type="button" onClick={() => void exportCsv("series")} disabled={exporting || !canExport}>
            CSV per {unit}
          </button>
        </div>
      </div>
    </section>
  );
}
