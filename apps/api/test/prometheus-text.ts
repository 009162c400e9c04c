/**
 * The value of one series in a Prometheus text page: `name` with at least these labels
 * (summed over the series that match, so a counter can be asked for without its other labels).
 * 0 when no series matches, as Prometheus reads a counter not yet seen.
 */
export function seriesValue(page: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of page.split("\n")) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = new Map([...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found.get(k) === v)) total += Number(match[3]);
  }
  return total;
}

/** Every value a label takes in a page's series of `name`. */
export function labelValues(page: string, name: string, label: string): Set<string> {
  const values = new Set<string>();
  const pattern = new RegExp(`^${name}\\{[^}]*\\b${label}="([^"]*)"`);
  for (const line of page.split("\n")) {
    const match = pattern.exec(line);
    if (match?.[1] !== undefined) values.add(match[1]);
  }
  return values;
}
