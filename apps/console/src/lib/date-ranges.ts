/** The usage page's date ranges; "today" depends on the zone. */
import { addDays, isDateInRange, monthStart, todayIn } from "@slotwise/core/plain-dates";

export const PRESETS = ["last-7-days", "last-30-days", "this-month", "last-month", "custom"] as const;
export type Preset = (typeof PRESETS)[number];

export interface RangeChoice {
  preset: Preset;
  from: string;
  to: string;
  tz: string;
}

export const PRESET_LABELS: Record<Preset, string> = {
  "last-7-days": "Last 7 days",
  "last-30-days": "Last 30 days",
  "this-month": "This month",
  "last-month": "Last month",
  custom: "Custom",
};

/** The dates of a preset, both included, as seen in `timeZone` now. */
export function presetRange(
  preset: Exclude<Preset, "custom">,
  timeZone: string,
  now = new Date(),
): { from: string; to: string } {
  const today = todayIn(timeZone, now);
  switch (preset) {
    case "last-7-days":
      return { from: addDays(today, -6), to: today };
    case "last-30-days":
      return { from: addDays(today, -29), to: today };
    case "this-month":
      return { from: monthStart(today, 0), to: today };
    case "last-month":
      return { from: monthStart(today, -1), to: addDays(monthStart(today, 0), -1) };
  }
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The period an address asks for. A hand-edited or stale link must not break the page, so an
 * unknown preset means the last 30 days, an unknown zone the operator's, and a custom end that is
 * missing, not a calendar date or outside the dates the API takes the matching end of the last 30 days.
 */
export function rangeFromUrl(
  get: (key: string) => string | undefined,
  defaultZone: string,
  now = new Date(),
): RangeChoice {
  const zone = get("tz");
  const tz = zone !== undefined && isTimeZone(zone) ? zone : defaultZone;
  const preset = PRESETS.find((p) => p === get("range")) ?? "last-30-days";
  if (preset !== "custom") return { preset, ...presetRange(preset, tz, now), tz };
  const fallback = presetRange("last-30-days", tz, now);
  const dateOr = (key: "from" | "to") => {
    const value = get(key);
    return value !== undefined && isDateInRange(value) ? value : fallback[key];
  };
  return { preset, from: dateOr("from"), to: dateOr("to"), tz };
}
