/** An instant as OCTO writes its `utc…` fields: ISO 8601 in UTC, to the second. */
export function octoUtc(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, "Z");
}
