/**
 * Date of birth rules (SPEC §5, §9): a real calendar date with no 00 parts, and an age of 18 to
 * 100. Days are counted in UTC like the server does, so both sides agree around midnight.
 */
import { MAX_AGE, MIN_AGE } from '../../shared/contract/fields';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today as YYYY-MM-DD (UTC). */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function parts(iso: string): [number, number, number] | null {
  const m = ISO_DATE.exec(iso);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/** True for 2000-02-29, false for 2001-02-29, 1990-00-10 or 1990-05-00. */
export function isRealDate(iso: string): boolean {
  const p = parts(iso);
  if (!p) return false;
  const [y, m, d] = p;
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** Full years from a birth date to a day (both real ISO dates). */
export function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = parts(birth) ?? [0, 0, 0];
  const [ty, tm, td] = parts(today) ?? [0, 0, 0];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/** The same day `years` earlier; Feb 29 becomes Feb 28 in a year without it. */
function yearsBefore(iso: string, years: number): string {
  const [y, m, d] = parts(iso) ?? [0, 1, 1];
  const year = y - years;
  const day = m === 2 && d === 29 && !isRealDate(`${year}-02-29`) ? 28 : d;
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The date picker's range: the oldest and the youngest allowed birth date. */
export function birthDateBounds(today: string): { min: string; max: string } {
  return { min: yearsBefore(today, MAX_AGE), max: yearsBefore(today, MIN_AGE) };
}

/** A real date inside the picker's range (age 18 to 100). */
export function isValidBirthDate(value: string, today: string): boolean {
  if (!isRealDate(value)) return false;
  const { min, max } = birthDateBounds(today);
  return value >= min && value <= max;
}
