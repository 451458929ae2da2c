/**
 * How a row's key reads: a day in the interface language, a country or a language by its name,
 * other dimension values (designs, slugs, networks, sub-ids) as the partner sent them.
 */
import { STATS_OTHER_VALUE, type StatsGroup } from '../../shared/contract/stats';
import { countryName } from '../../shared/countries';
import { formatDate } from '../../shared/dates';
import { intlLocale } from '../../shared/languages';

const displayNames = new Map<string, Intl.DisplayNames | null>();

/** A code's name in the interface language; a code Intl does not know comes back as given. */
function nameOf(type: 'language' | 'currency', code: string, lng: string): string {
  const key = `${intlLocale(lng)} ${type}`;
  if (!displayNames.has(key)) {
    try {
      displayNames.set(key, new Intl.DisplayNames([intlLocale(lng)], { type }));
    } catch {
      displayNames.set(key, null);
    }
  }
  try {
    return displayNames.get(key)?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "nl" → "Dutch" / "Niederländisch". */
export function languageName(code: string, lng: string): string {
  return nameOf('language', code, lng);
}

/** "EUR" → "Euro" / "euro". */
export function currencyName(code: string, lng: string): string {
  return nameOf('currency', code, lng);
}

/** A UTC day as a table row reads it: "Tue, Dec 1", with the year when the range spans two. */
export function dayLabel(day: string, lng: string, withYear = false): string {
  return formatDate(day, lng, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
  });
}

/** A date of the range headline: "Dec 1, 2026". */
export function rangeDayLabel(day: string, lng: string): string {
  return formatDate(day, lng, { dateStyle: 'medium' });
}

export interface KeyLabelOptions {
  lng: string;
  /** Written for '' (the value was not set). */
  notSet: string;
  /** Written for STATS_OTHER_VALUE (values past the day's limit, counted together). */
  other: string;
  /** Days carry their year (the range spans two years). */
  withYear?: boolean;
}

/** The words of a row's key under `group`. */
export function keyLabel(key: string, group: StatsGroup, options: KeyLabelOptions): string {
  if (group === 'day') return dayLabel(key, options.lng, options.withYear);
  if (key === '') return options.notSet;
  if (key === STATS_OTHER_VALUE) return options.other;
  if (group === 'country') return countryName(key, options.lng);
  if (group === 'language') return languageName(key, options.lng);
  return key;
}
