/** Date of birth rules of SPEC §5 and §9: a real date, 18 to 100 years old. */
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  birthDateBounds,
  isRealDate,
  isValidBirthDate,
  todayIso,
} from '../../src/features/profile/birth-date';

describe('birth date', () => {
  it('knows real calendar dates and refuses 00 parts', () => {
    expect(isRealDate('2000-02-29')).toBe(true);
    expect(isRealDate('2001-02-29')).toBe(false);
    expect(isRealDate('1990-00-10')).toBe(false);
    expect(isRealDate('1990-05-00')).toBe(false);
    expect(isRealDate('1990-13-01')).toBe(false);
    expect(isRealDate('1990-5-1')).toBe(false);
  });

  it('counts full years', () => {
    expect(ageOn('2000-06-15', '2026-06-14')).toBe(25);
    expect(ageOn('2000-06-15', '2026-06-15')).toBe(26);
  });

  it('allows 18 to 100 years, with the picker bounds to match', () => {
    const today = '2026-03-01';
    expect(birthDateBounds(today)).toEqual({ min: '1926-03-01', max: '2008-03-01' });
    expect(isValidBirthDate('2008-03-01', today)).toBe(true);
    expect(isValidBirthDate('2008-03-02', today)).toBe(false);
    expect(isValidBirthDate('1926-03-01', today)).toBe(true);
    expect(isValidBirthDate('1926-02-28', today)).toBe(false);
    expect(isValidBirthDate('1990-02-30', today)).toBe(false);
  });

  it('moves Feb 29 to Feb 28 in a year without it', () => {
    expect(birthDateBounds('2024-02-29')).toEqual({ min: '1924-02-29', max: '2006-02-28' });
  });

  it('takes today in UTC like the server', () => {
    expect(todayIso(new Date('2026-05-01T23:30:00Z'))).toBe('2026-05-01');
  });
});
