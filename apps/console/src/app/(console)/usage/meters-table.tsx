import { Loading, SkeletonBlock } from "../../../components/states";
import { formatNumber, formatUsage } from "../../../lib/format";
import type { RouterOutputs } from "../../../lib/trpc";

export type UsageSummary = RouterOutputs["console"]["usage"]["summary"];

/** Each meter's total in its own unit and its share of the events; only events add up. */
export function MetersTable({ data, builtIn }: { data: UsageSummary; builtIn: Set<string> }) {
  return (
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
  );
}

/** The headline figures: meters of different units never add up, so it counts events. */
export function UsageStats({ data }: { data: UsageSummary }) {
  return (
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
  );
}

/** Placeholders the size of the figures, so the page does not jump when they arrive. */
export function UsageLoading() {
  return (
    <>
      <Loading label="Loading usage" />
      <div className="grid-3">
        <SkeletonBlock height={84} />
        <SkeletonBlock height={84} />
        <SkeletonBlock height={84} />
      </div>
      <SkeletonBlock height={320} />
    </>
  );
}
