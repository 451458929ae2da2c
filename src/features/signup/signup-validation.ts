/**
 * Field rules of the sign-up wizard (SPEC §5) as pure functions. Each returns null when valid or a
 * message that is an i18n key (the two English messages are keys in the locales too).
 */
import { SignupBody } from '../../shared/contract/account';
import { CITY_MAX, MAX_AGE, MIN_AGE, NAME_MAX } from '../../shared/contract/fields';

export const EMAIL_FORMAT_MESSAGE = 'Value is not a valid email address';
export const REQUIRED_MESSAGE = 'Value is required';
export const NAME_TOO_LONG = 'signup.name_too_long';
export const NAME_STARTS_WITH_AT = 'signup.name_starts_with_at';
export const NAME_EQUAL_TO_EMAIL = 'signup.name_equal_to_email';
export const DATE_OF_BIRTH_ERROR = 'profile.date_of_birth_error';
/** Interpolation values for DATE_OF_BIRTH_ERROR (SPEC §5 "with min_age"). */
export const DATE_OF_BIRTH_PARAMS = { min_age: MIN_AGE } as const;
export const CITY_TOO_LONG = 'signup.city_too_long';

// The contract's own field, so the page can never accept an address the server refuses.
const emailRule = SignupBody.shape.email;

/** Format check of the email field; an empty field is "required" rather than "not valid". */
export function emailFormatError(email: string): string | null {
  if (email.trim() === '') return REQUIRED_MESSAGE;
  return emailRule.safeParse(email).success ? null : EMAIL_FORMAT_MESSAGE;
}

/** SPEC §5: checked against the server only once it contains '@' and '.' (after the @). */
export function shouldCheckEmailOnServer(email: string): boolean {
  const value = email.trim();
  const at = value.indexOf('@');
  return at >= 0 && value.indexOf('.', at + 1) > at;
}

/** SPEC §5 name rules, checked in the order the user is most likely to hit them. */
export function nameError(name: string, email: string): string | null {
  const value = name.trim();
  if (value === '') return REQUIRED_MESSAGE;
  // UTF-16 length, as zod's max() on the server counts it.
  if (value.length > NAME_MAX) return NAME_TOO_LONG;
  if (value.startsWith('@')) return NAME_STARTS_WITH_AT;
  if (value.toLowerCase() === email.trim().toLowerCase()) return NAME_EQUAL_TO_EMAIL;
  return null;
}

/** "If the name is empty when the email changes, the part before '@' is used": '' without '@'. */
export function nameFromEmail(email: string): string {
  const value = email.trim();
  const at = value.indexOf('@');
  if (at < 0) return '';
  return value.slice(0, at).trim().slice(0, NAME_MAX);
}

/** Only emptiness is checked: the strength rules belong to the server. */
export function passwordError(password: string): string | null {
  return password === '' ? REQUIRED_MESSAGE : null;
}

interface YMD {
  y: number;
  m: number;
  d: number;
}

function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

function daysInMonth(y: number, m: number): number {
  if (m === 2) return isLeapYear(y) ? 29 : 28;
  return [4, 6, 9, 11].includes(m) ? 30 : 31;
}

/** A real calendar date from strict YYYY-MM-DD, or null; '00' parts and Feb 30 are not dates. */
export function parseCalendarDate(value: string): YMD | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (y < 1 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return { y, m, d };
}

function toIso({ y, m, d }: YMD): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * `today` moved back `years` years, as a (year, month, day) tuple. When that is a Feb 29 the
 * target year lacks, it falls between Feb 28 and Mar 1 in tuple order (see dateOfBirthError), so
 * an upper bound rounds down to Feb 28 and a lower bound rounds up to Mar 1.
 */
function yearsBefore(today: YMD, years: number, round: 'down' | 'up'): YMD {
  const y = today.y - years;
  if (today.d <= daysInMonth(y, today.m)) return { y, m: today.m, d: today.d };
  return round === 'down' ? { y, m: 2, d: 28 } : { y, m: 3, d: 1 };
}

function parseToday(today: string): YMD {
  const parsed = parseCalendarDate(today);
  // A bad `today` is a programming error, not user input: failing loudly beats silently
  // accepting every birth date.
  if (!parsed)
    throw new RangeError(`today must be a YYYY-MM-DD date, got ${JSON.stringify(today)}`);
  return parsed;
}

/** The picker's bounds: max = today minus 18 years, min = today minus 100 years (ISO dates). */
export function birthDateBounds(today: string): { min: string; max: string } {
  const t = parseToday(today);
  return {
    min: toIso(yearsBefore(t, MAX_AGE, 'up')),
    max: toIso(yearsBefore(t, MIN_AGE, 'down')),
  };
}

/**
 * A real calendar date with no '00' parts, between birthDateBounds(today) inclusive.
 *
 * Age rule: someone is N on the day whose (month, day) reaches their birth (month, day). A Feb 29
 * birthday therefore counts on Mar 1 in common years: born 2008-02-29 is 18 on 2026-03-01, not on
 * 2026-02-28. "At most 100" means no later than the 100th birthday itself, i.e. the picker's min
 * (today minus 100 years), so validation and the picker never disagree. An empty value is not a
 * date: the caller skips the check when it leaves the field optional.
 */
export function dateOfBirthError(value: string, today: string): string | null {
  const { min, max } = birthDateBounds(today);
  const birth = parseCalendarDate(value);
  if (!birth) return DATE_OF_BIRTH_ERROR;
  // Zero-padded ISO dates order the same as strings and as dates.
  const iso = toIso(birth);
  return iso < min || iso > max ? DATE_OF_BIRTH_ERROR : null;
}

/** Local calendar date of `now` as YYYY-MM-DD, the `today` the rules above expect. */
export function isoToday(now: Date = new Date()): string {
  return toIso({ y: now.getFullYear(), m: now.getMonth() + 1, d: now.getDate() });
}

/** Counted after trimming, as the contract trims before its max(). */
export function cityError(city: string): string | null {
  return city.trim().length > CITY_MAX ? CITY_TOO_LONG : null;
}

/** Country is required to save the living area. */
export function countryError(country: string | null | undefined): string | null {
  return country == null || country.trim() === '' ? REQUIRED_MESSAGE : null;
}

/** The email check status as the wizard shows it (SPEC §4, §8). */
export type EmailStatusOutcome =
  | { ok: true }
  | { ok: false; key: 'signup.existing_account_active'; link: 'login' }
  | { ok: false; key: 'signup.deleted_account_exists'; link: 'pages-service' }
  | { ok: false; key: 'signup.invalid_email'; link: null };

export type EmailStatus = 'new' | 'active' | 'not_confirmed' | 'deleted' | 'invalid';

/** Only 'new' may sign up; an unconfirmed account is still an account, so it suggests login too. */
export function emailStatusOutcome(status: EmailStatus): EmailStatusOutcome {
  switch (status) {
    case 'new':
      return { ok: true };
    case 'active':
    case 'not_confirmed':
      return { ok: false, key: 'signup.existing_account_active', link: 'login' };
    case 'deleted':
      return { ok: false, key: 'signup.deleted_account_exists', link: 'pages-service' };
    case 'invalid':
      return { ok: false, key: 'signup.invalid_email', link: null };
  }
}

/** Photos: image files only (png, jpeg, jpg), by MIME type or extension. */
export const PHOTO_ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';
const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/jpg'];
const PHOTO_EXTENSION = /\.(png|jpe?g)$/i;

/**
 * Either signal suffices, as with the input's accept attribute: some systems hand over files with
 * an empty type, and 'image/jpg' is a non-standard type a few browsers still report.
 */
export function isAcceptedPhoto(file: { name: string; type: string }): boolean {
  return PHOTO_TYPES.includes(file.type.toLowerCase()) || PHOTO_EXTENSION.test(file.name.trim());
}
