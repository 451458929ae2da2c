import { describe, expect, it } from 'vitest';
import { firstDayOfWeek, formatDate, parseIsoDate, weekdayNames } from '../../src/shared/dates';
import { intlLocale } from '../../src/shared/languages';

describe('dates', () => {
  it('starts Dutch weeks on Monday and US English weeks on Sunday', () => {
    expect(firstDayOfWeek('nl')).toBe(1);
    expect(firstDayOfWeek('en')).toBe(0);
    expect(weekdayNames('nl', 'long')[0]).toBe('maandag');
    expect(weekdayNames('en', 'long')[0]).toBe('Sunday');
  });

  it('formats calendar dates in the interface language without shifting the day', () => {
    expect(formatDate('2026-03-04', 'en')).toBe('March 4, 2026');
    expect(formatDate('2026-03-04', 'nl')).toBe('4 maart 2026');
    expect(intlLocale('de')).toBe('de-DE');
    expect(intlLocale('xx')).toBe('en-US');
  });

  it('rejects impossible dates', () => {
    expect(parseIsoDate('2026-02-30')).toBeNull();
    expect(parseIsoDate('2026-00-10')).toBeNull();
    expect(parseIsoDate('2026-02-28')?.getDate()).toBe(28);
  });
});
