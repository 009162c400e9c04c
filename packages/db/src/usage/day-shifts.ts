/**
 * Where the days of `usage_rollups_shifted_days` start, in minutes after UTC midnight: every
 * zone's midnight in the time zone database of 2026, both sides of daylight saving time (Asia/Kolkata,
 * UTC+05:30, at 1110; Europe/Berlin at 1380 in winter and 1320 in summer). The same list as the
 * table `usage_day_shifts` that the rollups' triggers read (migration usage_rollups_shifted_days);
 * a test holds the two together.
 */
export const DAY_SHIFTS: ReadonlySet<number> = new Set([
  60, 120, 150, 180, 210, 240, 300, 360, 420, 480, 540, 570, 600, 615, 660, 675, 720, 780, 810, 840, 870, 900, 915, 960,
  1020, 1050, 1080, 1095, 1110, 1140, 1170, 1200, 1230, 1260, 1320, 1380,
]);
