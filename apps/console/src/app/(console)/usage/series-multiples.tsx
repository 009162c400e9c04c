import { SkeletonBlock } from "../../../components/states";
import type { UsageSummary } from "./meters-table";
import { colorOf, SeriesChart } from "./usage-charts";

/** One small chart per meter over the period, every bucket shown, quiet ones as zero. */
export function SeriesMultiples({
  meters,
  builtIn,
  unit,
  buckets,
  perMeter,
  loaded,
}: {
  meters: UsageSummary["Meters"];
  builtIn: Set<string>;
  unit: "day" | "hour";
  buckets: string[];
  perMeter: Map<string, Map<string, number>>;
  loaded: boolean;
}) {
  return (
    <section aria-labelledby="series-heading" className="stack">
      <h2 id="series-heading">Per {unit}</h2>
      <div className="multiples">
        {meters.map((m, i) => (
          <div key={m.Meter} className="card">
            <div className="card-head">
              <h3 className="mono">{m.Meter}</h3>
              {m.Unit && <span className="muted small">{m.Unit}</span>}
              {builtIn.has(m.Meter) && <span className="badge built-in">Built-in</span>}
            </div>
            <div className="card-body">
              {loaded ? (
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
  );
}
