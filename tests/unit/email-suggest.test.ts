import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COMMON_DOMAINS,
  COMMON_SECOND_LEVEL,
  COMMON_TOP_LEVEL,
  editDistance,
  suggestEmail,
} from '../../src/features/signup/email-suggest';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and adjacent transpositions as one', () => {
    expect(editDistance('gmail', 'gmail')).toBe(0);
    expect(editDistance('gmial', 'gmail')).toBe(1);
    expect(editDistance('gmai', 'gmail')).toBe(1);
    expect(editDistance('gmaill', 'gmail')).toBe(1);
    expect(editDistance('gmeil', 'gmail')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('does not edit a transposed pair again (optimal string alignment)', () => {
    // Full Damerau–Levenshtein would give 2 (swap then insert); OSA cannot touch the pair twice.
    expect(editDistance('ca', 'abc')).toBe(3);
  });

  it('is a symmetric distance bounded by the lengths', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '.'), maxLength: 8 });
    fc.assert(
      fc.property(word, word, (a, b) => {
        const d = editDistance(a, b);
        expect(d).toBe(editDistance(b, a));
        expect(d === 0).toBe(a === b);
        expect(d).toBeGreaterThanOrEqual(Math.abs(a.length - b.length));
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });

  it('never exceeds plain Levenshtein and counts one adjacent swap as 1', () => {
    // Plain Levenshtein by the textbook recurrence, written out separately as a reference.
    const levenshtein = (a: string, b: string): number => {
      let row = Array.from({ length: b.length + 1 }, (_, j) => j);
      for (let i = 1; i <= a.length; i++) {
        const next = [i];
        for (let j = 1; j <= b.length; j++) {
          const same = a.charAt(i - 1) === b.charAt(j - 1);
          next.push(
            Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, (row[j - 1] ?? 0) + (same ? 0 : 1)),
          );
        }
        row = next;
      }
      return row[b.length] ?? 0;
    };
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), (a, b) => {
        expect(editDistance(a, b)).toBeLessThanOrEqual(levenshtein(a, b));
      }),
    );
    fc.assert(
      fc.property(fc.string({ minLength: 2, maxLength: 10 }), fc.nat(), (word, at) => {
        const i = at % (word.length - 1);
        if (word.charAt(i) === word.charAt(i + 1)) return;
        const swapped = word.slice(0, i) + word.charAt(i + 1) + word.charAt(i) + word.slice(i + 2);
        expect(editDistance(word, swapped)).toBe(1);
      }),
    );
  });
});

describe('suggestEmail', () => {
  it.each([
    ['me@gmial.com', 'me@gmail.com'],
    ['me@hotmial.nl', 'me@hotmail.nl'],
    ['me@gmail.con', 'me@gmail.com'],
    ['me@gmail.comm', 'me@gmail.com'],
    ['me@yaho.fr', 'me@yahoo.fr'],
    ['me@ziggo.nll', 'me@ziggo.nl'],
    ['me@outlok.com', 'me@outlook.com'],
    ['me@libero.iy', 'me@libero.it'],
    ['me@yahoo.co.ul', 'me@yahoo.co.uk'],
    ['me@kpnmial.nl', 'me@kpnmail.nl'],
    ['me@t-onlin.de', 'me@t-online.de'],
    ['me@poczta.onte.pl', 'me@poczta.onet.pl'],
    ['me@gmx.dee', 'me@gmx.de'],
    ['me@o3.pl', 'me@o2.pl'],
  ])('corrects %s to %s', (typed, expected) => {
    expect(suggestEmail(typed)).toBe(expected);
  });

  it('treats the classic com slips as typos under a provider name', () => {
    expect(suggestEmail('me@gmail.co')).toBe('me@gmail.com');
    expect(suggestEmail('me@gmail.cm')).toBe('me@gmail.com');
    expect(suggestEmail('me@hotmail.om')).toBe('me@hotmail.com');
  });

  it('corrects the parts separately when the whole domain is too far off', () => {
    expect(suggestEmail('me@gmial.cmo')).toBe('me@gmail.com');
    expect(suggestEmail('me@bedrijf.cmo')).toBe('me@bedrijf.com');
    expect(suggestEmail('me@hotmial.nlx')).toBe('me@hotmail.nl');
  });

  it('normalises case and spaces, keeping the local part', () => {
    expect(suggestEmail('  Jan.de.Vries@GMIAL.com ')).toBe('jan.de.vries@gmail.com');
  });

  it.each([
    'me@gmx.de',
    'me@wp.pl',
    'me@onet.pl',
    'me@o2.pl',
    'me@web.de',
    'me@poczta.onet.pl',
    'me@yahoo.co.uk',
    'ME@GMAIL.COM',
  ])('leaves the known domain of %s alone', (typed) => {
    expect(suggestEmail(typed)).toBeNull();
  });

  it.each([
    'jan@bedrijf.nl',
    'someone@company.nl',
    'me@company.se',
    'me@startup.co',
    'me@uni.edu',
    'me@tim.it',
    'me@interim.nl',
    'me@hotmial.pt',
    'me@gmial.nl',
    'me@abc.nl',
    'me@mail.company.nl',
  ])('does not guess for the plausible company or foreign domain %s', (typed) => {
    expect(suggestEmail(typed)).toBeNull();
  });

  it.each(['me@live.be', 'me@web.nl', 'me@gmx.at', 'me@yahoo.ca', 'me@wp.nl', 'me@mail.nl'])(
    'accepts a provider name under a real TLD: %s',
    (typed) => {
      expect(suggestEmail(typed)).toBeNull();
    },
  );

  it.each([
    '',
    'me',
    'gmial.com',
    '@gmial.com',
    'me@',
    'me@gmial',
    'me@me@gmial.com',
    'me@gmial..com',
    'me@.gmial.com',
    'me@gmial.com.',
  ])('does not suggest for the incomplete address %j', (typed) => {
    expect(suggestEmail(typed)).toBeNull();
  });

  it('includes the providers SPEC markets rely on', () => {
    for (const domain of [
      'ziggo.nl',
      'xs4all.nl',
      'web.de',
      't-online.de',
      'orange.fr',
      'laposte.net',
      'libero.it',
      'fastwebnet.it',
      'telefonica.net',
      'poczta.onet.pl',
      'googlemail.com',
      'hotmail.co.uk',
      'proton.me',
      'yandex.com',
    ]) {
      expect(COMMON_DOMAINS).toContain(domain);
    }
    expect(COMMON_SECOND_LEVEL).toEqual(expect.arrayContaining(['gmail', 'ziggo', 'gmx', 'wp']));
    expect(COMMON_TOP_LEVEL).toEqual(expect.arrayContaining(['com', 'nl', 'de', 'co.uk']));
  });

  it('finds nothing to correct in any listed domain', () => {
    for (const domain of COMMON_DOMAINS) expect(suggestEmail(`me@${domain}`)).toBeNull();
  });

  it('never suggests the typed address and keeps the local part', () => {
    const domainChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz.-'.split(''));
    const domain = fc.oneof(
      fc.constantFrom(...COMMON_DOMAINS),
      fc.string({ unit: domainChar, minLength: 1, maxLength: 16 }),
    );
    const typo = fc.tuple(domain, fc.nat(), fc.constantFrom('', 'x', 'i')).map(([d, at, ch]) => {
      const i = at % (d.length + 1);
      return d.slice(0, i) + ch + d.slice(i + (ch === '' ? 1 : 0));
    });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.emailAddress(),
          fc.tuple(fc.constantFrom('me', 'Jan.B'), typo).map(([l, d]) => `${l}@${d}`),
        ),
        (email) => {
          const suggestion = suggestEmail(email);
          if (suggestion === null) return;
          const typed = email.trim().toLowerCase();
          expect(suggestion).not.toBe(typed);
          expect(suggestion.split('@')[0]).toBe(typed.split('@')[0]);
          expect(suggestion.split('@')).toHaveLength(2);
          // A suggestion is final: asking again finds nothing more to correct.
          expect(suggestEmail(suggestion)).toBeNull();
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('stays within two edits of the typed domain when it suggests a listed domain', () => {
    fc.assert(
      fc.property(fc.constantFrom(...COMMON_DOMAINS), fc.nat(), (known, at) => {
        const i = at % known.length;
        const typed = `me@${known.slice(0, i)}${known.slice(i + 1)}`;
        const suggestion = suggestEmail(typed);
        if (suggestion === null || !COMMON_DOMAINS.includes(suggestion.slice(3))) return;
        expect(editDistance(suggestion.slice(3), typed.slice(3))).toBeLessThanOrEqual(2);
      }),
    );
  });
});
