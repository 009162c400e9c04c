/** Calendar arithmetic on YYYY-MM-DD strings for the range presets; "today" depends on the zone. */

export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

export function shiftDate(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

function monthStart(date: string, offsetMonths: number): string {
  const [y, m] = date.split("-").map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1 + offsetMonths, 1)).toISOString().slice(0, 10);
}

export const PRESETS = ["last-7-days", "last-30-days", "this-month", "last-month", "custom"] as const;
export type Preset = (typeof PRESETS)[number];

export const PRESET_LABELS: Record<Preset, string> = {
  "last-7-days": "Last 7 days",
  "last-30-days": "Last 30 days",
  "this-month": "This month",
  "last-month": "Last month",
  custom: "Custom",
};

/** The dates of a preset, both included, as seen in `timeZone` now. */
export function presetRange(preset: Exclude<Preset, "custom">, timeZone: string, now = new Date()): { from: string; to: string } {
  const today = todayIn(timeZone, now);
  switch (preset) {
    case "last-7-days":
      return { from: shiftDate(today, -6), to: today };
    case "last-30-days":
      return { from: shiftDate(today, -29), to: today };
    case "this-month":
      return { from: monthStart(today, 0), to: today };
    case "last-month":
      return { from: monthStart(today, -1), to: shiftDate(monthStart(today, 0), -1) };
  }
}
