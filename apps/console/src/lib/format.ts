/** Display formats. Times are shown in the zone they belong to (the activity's or the chosen one). */

export function formatMoney(minorUnits: number, currency: string): string {
  return new Intl.NumberFormat("en-GB", { style: "currency", currency }).format(minorUnits / 100);
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat("en-GB", { maximumFractionDigits: 12 }).format(value);
}

/** A meter's figure with its unit beside it, when the meter has one. */
export function formatUsage(value: number, unit: string | null | undefined): string {
  return unit ? `${formatNumber(value)} ${unit}` : formatNumber(value);
}

export function formatInstant(iso: string | null, timeZone?: string): string {
  if (!iso) return "—";
  return new Intl.DateTimeFormat("en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));
}

/** A local calendar date (YYYY-MM-DD) as "Sat 22 Nov 2026", without any zone arithmetic. */
export function formatLocalDate(
  date: string,
  options: Intl.DateTimeFormatOptions = { weekday: "short", day: "numeric", month: "short", year: "numeric" },
): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "UTC" }).format(
    new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)),
  );
}

export function humanize(value: string): string {
  const text = value.toLowerCase().replaceAll("_", " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
