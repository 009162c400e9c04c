"use client";
import { PRESET_LABELS, PRESETS, type Preset } from "../../../lib/date-ranges";

const ZONES = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : ["UTC"];

export interface RangeChoice {
  preset: Preset;
  from: string;
  to: string;
  tz: string;
}

export function RangePicker({ value, defaultZone, onChange }: { value: RangeChoice; defaultZone: string; onChange: (changes: Partial<RangeChoice>) => void }) {
  const zones = [...new Set([defaultZone, "UTC", ...ZONES])];
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
        <input type="date" value={value.from} max={value.to} onChange={(e) => onChange({ preset: "custom", from: e.target.value })} />
      </label>
      <label className="field">
        To
        <input type="date" value={value.to} min={value.from} onChange={(e) => onChange({ preset: "custom", to: e.target.value })} />
      </label>
      <label className="field">
        Time zone
        <select value={value.tz} onChange={(e) => onChange({ tz: e.target.value })}>
          {zones.map((z) => (
            <option key={z} value={z}>
              {z === defaultZone ? `${z} (yours)` : z}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
