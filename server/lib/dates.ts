/**
 * Calendar helpers on ISO 'YYYY-MM-DD' strings, in UTC, so ages are the same on every engine and server.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today's date in UTC as 'YYYY-MM-DD'. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** True for a real calendar date such as 2000-02-29; false for 2001-02-29, 2000-00-10 or 2000-13-01. */
export function isRealDate(iso: string): boolean {
  const m = ISO_DATE.exec(iso);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= daysInMonth(y, mo);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function parts(iso: string): [number, number, number] {
  const [y, m, d] = iso.split('-').map(Number);
  return [y ?? 0, m ?? 0, d ?? 0];
}

/** Full years between a birth date and a day (both ISO). */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = parts(dateOfBirth);
  const [ty, tm, td] = parts(today);
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/** The same day `years` earlier or later; Feb 29 becomes Feb 28 in a non-leap year. */
export function shiftYears(iso: string, years: number): string {
  const [y, m, d] = parts(iso);
  const year = y + years;
  const day = Math.min(d, daysInMonth(year, m));
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Latest birth date of someone at least `age` years old today (inclusive bound). */
export function latestBirthDateForAge(age: number, today: string): string {
  return shiftYears(today, -age);
}

/** Birth dates strictly after this belong to people at most `age` years old today. */
export function birthDateBoundForMaxAge(age: number, today: string): string {
  return shiftYears(today, -(age + 1));
}
