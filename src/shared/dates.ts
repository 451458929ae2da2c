/** Date display through Intl in the interface language (SPEC §9: English and Dutch, Dutch weeks start on Monday). */
import { cachedIntl } from './intl-cache';
import { intlLocale } from './languages';

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/**
 * A shared Intl.DateTimeFormat for an interface language. A chat formats the time of every bubble
 * on every render; a new formatter each time was the costliest part of showing a new message.
 */
export function dateTimeFormat(
  lng: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return cachedIntl(dateFormats, lng, options, (locale, o) => new Intl.DateTimeFormat(locale, o));
}

/** A shared Intl.RelativeTimeFormat for an interface language; see dateTimeFormat. */
export function relativeTimeFormat(
  lng: string,
  options: Intl.RelativeTimeFormatOptions,
): Intl.RelativeTimeFormat {
  return cachedIntl(
    relativeFormats,
    lng,
    options,
    (locale, o) => new Intl.RelativeTimeFormat(locale, o),
  );
}

/** 0 = Sunday (US English), 1 = Monday (Dutch and the other European interface languages). */
export function firstDayOfWeek(lng: string): 0 | 1 {
  return intlLocale(lng) === 'en-US' ? 0 : 1;
}

/** Parses `YYYY-MM-DD` as a local calendar date (not UTC midnight, which shifts the day west of Greenwich). */
export function parseIsoDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  return date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d
    ? date
    : null;
}

/** A date in the interface language, e.g. "March 4, 2026" / "4 maart 2026". */
export function formatDate(
  value: Date | string,
  lng: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
): string {
  const date = typeof value === 'string' ? (parseIsoDate(value) ?? new Date(value)) : value;
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(lng, options).format(date);
}

/** Short weekday names in display order, starting with the language's first day of the week. */
export function weekdayNames(lng: string, style: 'short' | 'narrow' | 'long' = 'short'): string[] {
  const fmt = dateTimeFormat(lng, { weekday: style });
  const first = firstDayOfWeek(lng);
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => fmt.format(new Date(2023, 0, 1 + ((first + i) % 7))));
}
