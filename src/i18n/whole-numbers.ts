/**
 * Whole numbers ("1,200 members to meet") written without `Intl.NumberFormat`. The first number
 * format a page builds loads the locale's number data: 50–115 ms on a fast desktop, one long task
 * four times that on a phone, in the middle of a lander's first render. Counts need only the
 * digit grouping, which CLDR gives as a separator and a minimum: Spanish, Italian and Polish
 * group from five digits on ("1234", "12.345"). A unit test holds this table to the browser's
 * Intl output for every interface language.
 */
import type { Language } from '../shared/contract/fields';

interface Grouping {
  separator: string;
  /** Digits before the first separator is written at all. */
  minimumDigits: 4 | 5;
}

const GROUPING: Record<Language, Grouping> = {
  en: { separator: ',', minimumDigits: 4 },
  nl: { separator: '.', minimumDigits: 4 },
  de: { separator: '.', minimumDigits: 4 },
  it: { separator: '.', minimumDigits: 5 },
  fr: { separator: '\u202f', minimumDigits: 4 }, // narrow no-break space
  es: { separator: '.', minimumDigits: 5 },
  pl: { separator: '\u00a0', minimumDigits: 5 }, // no-break space
};

/** `value` grouped by thousands the way `lng` writes it, or null when it is not a whole count. */
export function groupWholeNumber(value: unknown, lng: string): string | null {
  const grouping = GROUPING[lng.split('-')[0] as Language] as Grouping | undefined;
  if (!grouping || typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    return null;
  }
  const digits = String(value);
  if (digits.length < grouping.minimumDigits) return digits;
  return digits.replace(/\B(?=(\d{3})+$)/g, grouping.separator);
}

/** Intl.NumberFormat's own options: a message that sets one wants the full formatter. */
const NUMBER_FORMAT_OPTIONS = new Set([
  'style',
  'currency',
  'currencyDisplay',
  'currencySign',
  'unit',
  'unitDisplay',
  'notation',
  'compactDisplay',
  'signDisplay',
  'useGrouping',
  'minimumIntegerDigits',
  'minimumFractionDigits',
  'maximumFractionDigits',
  'minimumSignificantDigits',
  'maximumSignificantDigits',
  'roundingMode',
  'roundingPriority',
  'roundingIncrement',
  'trailingZeroDisplay',
  'numberingSystem',
]);

/**
 * i18next's `number` format (`{{count, number}}`): whole counts through the table above, and
 * anything else (fractions, negatives, options in the message) through Intl as before.
 */
export function formatNumber(
  value: unknown,
  lng: string | undefined,
  options: object = {},
): string {
  const plain = !Object.keys(options).some((key) => NUMBER_FORMAT_OPTIONS.has(key));
  const grouped = plain && lng ? groupWholeNumber(value, lng) : null;
  return grouped ?? new Intl.NumberFormat(lng, options).format(value as number);
}
