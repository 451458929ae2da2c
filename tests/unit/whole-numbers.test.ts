import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../src/i18n/i18n';
import { INTERFACE_LANGUAGES, LANGUAGE_TAGS } from '../../src/shared/languages';
import { formatNumber, groupWholeNumber } from '../../src/i18n/whole-numbers';

const VALUES = [
  0,
  7,
  42,
  999,
  1000,
  1200,
  1234,
  9999,
  10_000,
  12_345,
  99_999,
  100_000,
  123_456,
  1_000_000,
  1_234_567,
  98_765_432,
  999_999_999,
  1_234_567_890,
  Number.MAX_SAFE_INTEGER,
];

afterEach(() => {
  vi.restoreAllMocks();
});

describe('whole numbers without Intl.NumberFormat', () => {
  it.each(INTERFACE_LANGUAGES)('writes counts in %s exactly as Intl does', (lng) => {
    const intl = new Intl.NumberFormat(lng);
    for (const value of VALUES) {
      expect(groupWholeNumber(value, lng)).toBe(intl.format(value));
      expect(groupWholeNumber(value, LANGUAGE_TAGS[lng])).toBe(intl.format(value));
    }
  });

  it('leaves what is not a whole count to Intl', () => {
    for (const value of [-1200, 12.5, Number.NaN, Infinity, 2 ** 60, '1200', null]) {
      expect(groupWholeNumber(value, 'en')).toBeNull();
    }
    expect(groupWholeNumber(1200, 'xx')).toBeNull();
    expect(formatNumber(-1234.5, 'de')).toBe(new Intl.NumberFormat('de').format(-1234.5));
    expect(formatNumber(1234, 'en', { minimumFractionDigits: 2 })).toBe('1,234.00');
  });

  it('ignores the interpolation options i18next passes along', () => {
    expect(formatNumber(12_345, 'es', { number: 12_345, interpolationkey: 'number' })).toBe(
      '12.345',
    );
  });

  it('is what `{{n, number}}` gives, and builds no number format for a count', async () => {
    const i18n = await createI18n(
      {
        es: {
          translation: {
            total: '{{n, number}} miembros',
            price: '{{n, number(minimumFractionDigits: 2)}}',
          },
        },
        fr: { translation: { total: '{{n, number}} membres' } },
      },
      i18next.createInstance(),
      'es',
    );
    // Keys of a test's own messages, outside the app's typed ones.
    const t = i18n.t.bind(i18n) as unknown as (key: string, options: object) => string;
    const price = new Intl.NumberFormat('es', { minimumFractionDigits: 2 }).format(1234);
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    expect(t('total', { n: 1234 })).toBe('1234 miembros');
    expect(t('total', { n: 12_345 })).toBe('12.345 miembros');
    expect(t('total', { n: 12_345, lng: 'fr' })).toBe('12\u202f345 membres');
    expect(numberFormat).not.toHaveBeenCalled();
    numberFormat.mockRestore();
    expect(t('price', { n: 1234 })).toBe(price);
  });
});
