import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SignupBody } from '../../src/shared/contract/account';
import {
  birthDateBounds,
  cityError,
  countryError,
  dateOfBirthError,
  DATE_OF_BIRTH_PARAMS,
  EMAIL_FORMAT_MESSAGE,
  emailFormatError,
  emailStatusOutcome,
  isAcceptedPhoto,
  isoToday,
  nameError,
  nameFromEmail,
  parseCalendarDate,
  passwordError,
  PHOTO_ACCEPT,
  REQUIRED_MESSAGE,
  shouldCheckEmailOnServer,
} from '../../src/features/signup/signup-validation';

const DOB_ERROR = 'profile.date_of_birth_error';

describe('emailFormatError', () => {
  it('accepts valid addresses, trimmed and in any case', () => {
    expect(emailFormatError('anna@example.com')).toBeNull();
    expect(emailFormatError('  Anna.B+dating@Example.NL ')).toBeNull();
  });

  it('rejects malformed addresses with the format message', () => {
    for (const email of ['anna', 'anna@', '@example.com', 'anna@example', 'a b@example.com']) {
      expect(emailFormatError(email)).toBe(EMAIL_FORMAT_MESSAGE);
    }
  });

  it('asks for a value when the field is empty', () => {
    expect(emailFormatError('')).toBe(REQUIRED_MESSAGE);
    expect(emailFormatError('   ')).toBe(REQUIRED_MESSAGE);
  });

  it('rejects addresses longer than the contract allows', () => {
    expect(emailFormatError(`${'a'.repeat(64)}@${'b'.repeat(190)}.com`)).toBe(EMAIL_FORMAT_MESSAGE);
  });

  it('agrees with the contract on every input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.emailAddress(), fc.string()), (email) => {
        if (email.trim() === '') return;
        const valid = SignupBody.shape.email.safeParse(email).success;
        expect(emailFormatError(email) === null).toBe(valid);
      }),
    );
  });
});

describe('shouldCheckEmailOnServer', () => {
  it('waits for an @ and a dot after it', () => {
    expect(shouldCheckEmailOnServer('anna')).toBe(false);
    expect(shouldCheckEmailOnServer('anna@')).toBe(false);
    expect(shouldCheckEmailOnServer('anna@example')).toBe(false);
    expect(shouldCheckEmailOnServer('anna.b@example')).toBe(false);
    expect(shouldCheckEmailOnServer('anna@example.')).toBe(true);
    expect(shouldCheckEmailOnServer(' anna@example.nl ')).toBe(true);
  });
});

describe('nameError', () => {
  it('requires a name', () => {
    expect(nameError('', 'a@b.nl')).toBe(REQUIRED_MESSAGE);
    expect(nameError('   ', 'a@b.nl')).toBe(REQUIRED_MESSAGE);
  });

  it('allows 1 to 150 characters', () => {
    expect(nameError('A', 'a@b.nl')).toBeNull();
    expect(nameError('x'.repeat(150), 'a@b.nl')).toBeNull();
    expect(nameError(` ${'x'.repeat(150)} `, 'a@b.nl')).toBeNull();
    expect(nameError('x'.repeat(151), 'a@b.nl')).toBe('signup.name_too_long');
  });

  it('rejects a leading @', () => {
    expect(nameError('@anna', 'a@b.nl')).toBe('signup.name_starts_with_at');
    expect(nameError('  @anna', 'a@b.nl')).toBe('signup.name_starts_with_at');
    expect(nameError('an@na', 'a@b.nl')).toBeNull();
  });

  it('rejects the email as name, ignoring case and spaces', () => {
    expect(nameError('Anna@Example.com ', ' anna@example.COM')).toBe('signup.name_equal_to_email');
    expect(nameError('anna', 'anna@example.com')).toBeNull();
  });
});

describe('nameFromEmail', () => {
  it('takes the part before the @', () => {
    expect(nameFromEmail('anna.b@example.com')).toBe('anna.b');
    expect(nameFromEmail('  anna @example.com')).toBe('anna');
    expect(nameFromEmail('anna@')).toBe('anna');
  });

  it('gives nothing without an @ or a local part', () => {
    expect(nameFromEmail('anna')).toBe('');
    expect(nameFromEmail('@example.com')).toBe('');
  });

  it('cuts to the name maximum', () => {
    expect(nameFromEmail(`${'x'.repeat(200)}@example.com`)).toBe('x'.repeat(150));
  });

  it('always yields a name that passes nameError or is empty', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const name = nameFromEmail(email);
        expect(name === '' || nameError(name, email) === null).toBe(true);
      }),
    );
  });
});

describe('passwordError', () => {
  it('only requires a value', () => {
    expect(passwordError('')).toBe(REQUIRED_MESSAGE);
    expect(passwordError(' ')).toBeNull();
    expect(passwordError('secret')).toBeNull();
  });
});

describe('parseCalendarDate', () => {
  it('accepts real dates only', () => {
    expect(parseCalendarDate('2000-02-29')).toEqual({ y: 2000, m: 2, d: 29 });
    for (const value of ['1900-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-1-01']) {
      expect(parseCalendarDate(value)).toBeNull();
    }
  });
});

describe('dateOfBirthError', () => {
  const today = '2026-03-10';

  it('accepts an adult and names the minimum age for the message', () => {
    expect(dateOfBirthError('1990-06-15', today)).toBeNull();
    expect(DATE_OF_BIRTH_PARAMS).toEqual({ min_age: 18 });
  });

  it('accepts the 18th birthday today, not tomorrow', () => {
    expect(dateOfBirthError('2008-03-10', today)).toBeNull();
    expect(dateOfBirthError('2008-03-11', today)).toBe(DOB_ERROR);
    expect(dateOfBirthError('2010-01-01', today)).toBe(DOB_ERROR);
  });

  it('accepts up to the 100th birthday', () => {
    expect(dateOfBirthError('1926-03-10', today)).toBeNull();
    expect(dateOfBirthError('1926-03-09', today)).toBe(DOB_ERROR);
  });

  it("rejects '00' parts, impossible days and malformed values", () => {
    for (const value of [
      '2000-00-10',
      '2000-01-00',
      '0000-01-01',
      '2000-02-30',
      '2001-02-29',
      '1900-02-29',
      '2000-04-31',
      '2000-13-01',
      '2000-1-1',
      '2000/01/01',
      ' 2000-01-01',
      '',
    ]) {
      expect(dateOfBirthError(value, today)).toBe(DOB_ERROR);
    }
  });

  it('accepts leap days in leap years, including century leap years', () => {
    expect(dateOfBirthError('2000-02-29', today)).toBeNull();
    expect(dateOfBirthError('1996-02-29', today)).toBeNull();
  });

  it('lets someone born on Feb 29 turn 18 on Mar 1 in a common year', () => {
    expect(dateOfBirthError('2008-02-29', '2026-02-28')).toBe(DOB_ERROR);
    expect(dateOfBirthError('2008-02-29', '2026-03-01')).toBeNull();
  });

  it('counts a Feb 29 today against Feb 28 births in common years', () => {
    expect(birthDateBounds('2028-02-29').max).toBe('2010-02-28');
    expect(dateOfBirthError('2010-02-28', '2028-02-29')).toBeNull();
    expect(dateOfBirthError('2010-03-01', '2028-02-29')).toBe(DOB_ERROR);
    expect(dateOfBirthError('2012-02-29', '2030-02-28')).toBe(DOB_ERROR);
    expect(dateOfBirthError('2012-02-29', '2030-03-01')).toBeNull();
  });

  it('throws on a malformed today, which is a programming error', () => {
    expect(() => dateOfBirthError('2000-01-01', '2026-02-30')).toThrow(RangeError);
  });

  it('agrees with age counted by (month, day) order', () => {
    const day = fc.record({
      y: fc.integer({ min: 1900, max: 2100 }),
      m: fc.integer({ min: 1, max: 12 }),
      d: fc.integer({ min: 1, max: 31 }),
    });
    const iso = ({ y, m, d }: { y: number; m: number; d: number }) =>
      `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    const age = (b: { y: number; m: number; d: number }, t: typeof b) =>
      t.y - b.y - (t.m < b.m || (t.m === b.m && t.d < b.d) ? 1 : 0);
    fc.assert(
      fc.property(day, day, (birth, now) => {
        if (!parseCalendarDate(iso(birth)) || !parseCalendarDate(iso(now))) return;
        const years = age(birth, now);
        // At most 100 means up to and including the 100th birthday itself.
        const notTooOld = years < 100 || (years === 100 && birth.m === now.m && birth.d === now.d);
        expect(dateOfBirthError(iso(birth), iso(now)) === null).toBe(years >= 18 && notTooOld);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('birthDateBounds', () => {
  it('spans today minus 100 years to today minus 18 years', () => {
    expect(birthDateBounds('2026-03-10')).toEqual({ min: '1926-03-10', max: '2008-03-10' });
  });

  it('rounds a missing Feb 29 down for the max and up for the min', () => {
    expect(birthDateBounds('2000-02-29')).toEqual({ min: '1900-03-01', max: '1982-02-28' });
    expect(birthDateBounds('2024-02-29')).toEqual({ min: '1924-02-29', max: '2006-02-28' });
  });

  it('only contains dates the validator accepts', () => {
    const { min, max } = birthDateBounds('2026-03-10');
    expect(dateOfBirthError(min, '2026-03-10')).toBeNull();
    expect(dateOfBirthError(max, '2026-03-10')).toBeNull();
  });
});

describe('isoToday', () => {
  it('gives the local calendar date', () => {
    expect(isoToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('cityError and countryError', () => {
  it('limits the city to 255 characters after trimming', () => {
    expect(cityError('')).toBeNull();
    expect(cityError('x'.repeat(255))).toBeNull();
    expect(cityError(` ${'x'.repeat(255)} `)).toBeNull();
    expect(cityError('x'.repeat(256))).toBe('signup.city_too_long');
  });

  it('requires a country', () => {
    expect(countryError('NL')).toBeNull();
    expect(countryError('')).toBe(REQUIRED_MESSAGE);
    expect(countryError(' ')).toBe(REQUIRED_MESSAGE);
    expect(countryError(null)).toBe(REQUIRED_MESSAGE);
    expect(countryError(undefined)).toBe(REQUIRED_MESSAGE);
  });
});

describe('emailStatusOutcome', () => {
  it('maps each server status to what the wizard shows', () => {
    expect(emailStatusOutcome('new')).toEqual({ ok: true });
    const login = { ok: false, key: 'signup.existing_account_active', link: 'login' };
    expect(emailStatusOutcome('active')).toEqual(login);
    expect(emailStatusOutcome('not_confirmed')).toEqual(login);
    expect(emailStatusOutcome('deleted')).toEqual({
      ok: false,
      key: 'signup.deleted_account_exists',
      link: 'pages-service',
    });
    expect(emailStatusOutcome('invalid')).toEqual({
      ok: false,
      key: 'signup.invalid_email',
      link: null,
    });
  });
});

describe('isAcceptedPhoto', () => {
  it('accepts png and jpeg by type or extension', () => {
    expect(PHOTO_ACCEPT).toBe('image/png,image/jpeg,.png,.jpg,.jpeg');
    expect(isAcceptedPhoto({ name: 'me.png', type: 'image/png' })).toBe(true);
    expect(isAcceptedPhoto({ name: 'me', type: 'image/jpeg' })).toBe(true);
    expect(isAcceptedPhoto({ name: 'ME.JPG', type: '' })).toBe(true);
    expect(isAcceptedPhoto({ name: 'me.jpeg', type: '' })).toBe(true);
  });

  it('refuses other files', () => {
    expect(isAcceptedPhoto({ name: 'me.gif', type: 'image/gif' })).toBe(false);
    expect(isAcceptedPhoto({ name: 'me.webp', type: 'image/webp' })).toBe(false);
    expect(isAcceptedPhoto({ name: 'cv.pdf', type: 'application/pdf' })).toBe(false);
    expect(isAcceptedPhoto({ name: 'png', type: '' })).toBe(false);
    expect(isAcceptedPhoto({ name: 'me.png.exe', type: '' })).toBe(false);
  });
});
