/**
 * A fixed-offset zone whose local time is about 2 a.m. now, so that a timeslot at 23:30 local
 * is today's there for the next 21 hours, whatever the hour a test or the bench runs at:
 * tickets check in on their day only.
 */
export function earlyMorningZone(now: Date): string {
  for (let offset = -12; offset <= 14; offset++) {
    if ((((now.getUTCHours() + offset) % 24) + 24) % 24 !== 2) continue;
    // Etc/GMT zones count the other way: Etc/GMT-3 is three hours ahead of UTC.
    return offset === 0 ? "UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
  }
  throw new Error("no zone at 2 a.m.");
}
