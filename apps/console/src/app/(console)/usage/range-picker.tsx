"use client";

import { getTimeZones } from "@vvo/tzdb";

import { DateInput } from "../../../components/date-input";
import { PRESET_LABELS, PRESETS, type RangeChoice } from "../../../lib/date-ranges";

// IANA's current names (Asia/Kolkata, Europe/Kyiv): browsers' own lists still say Asia/Calcutta.
const ZONES = getTimeZones()
  .map((z) => ({ name: z.name, label: `${z.name} (${z.alternativeName})` }))
  .sort((a, b) => a.name.localeCompare(b.name));

export function RangePicker({
  value,
  defaultZone,
  onChange,
}: {
  value: RangeChoice;
  defaultZone: string;
  onChange: (changes: Partial<RangeChoice>) => void;
}) {
  const zones = [
    { name: defaultZone, label: `${defaultZone} (yours)` },
    ...[{ name: "UTC", label: "UTC" }, ...ZONES].filter((z) => z.name !== defaultZone),
  ];
  return (
    <div className="filters">
      <div className="field" role="group" aria-label="Period">
        <span aria-hidden="true">Period</span>
        <div className="segmented">
          {PRESETS.map((p) => (
            <button key={p} type="button" aria-pressed={value.preset === p} onClick={() => onChange({ preset: p })}>
              {PRESET_LABELS[p]}
            </button>
          ))}
        </div>
      </div>
      <label className="field">
        From
        <DateInput value={value.from} max={value.to} onCommit={(from) => onChange({ preset: "custom", from })} />
      </label>
      <label className="field">
        To
        <DateInput value={value.to} min={value.from} onCommit={(to) => onChange({ preset: "custom", to })} />
      </label>
      <label className="field">
        Time zone
        <select value={value.tz} onChange={(e) => onChange({ tz: e.target.value })}>
          {zones.map((z) => (
            <option key={z.name} value={z.name}>
              {z.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
