/** Calendar months in UTC: premium periods and monthly allowances follow the calendar, not 30 days. */

/** `ms` moved by `months` calendar months (UTC); the day is clamped to the target month (Jan 31 + 1 → Feb 28/29). */
export function addMonthsUtc(ms: number, months: number): number {
  const d = new Date(ms);
  const day = d.getUTCDate();
  const target = new Date(ms);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.getTime();
}
