/** Lander slugs (SPEC §2.5) and the route validity rule built on them. */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/shared/contract/fields';
import { LANDER_NICHE_PREFIXES } from '../../src/shared/contract/landers';
import { matchRoute } from '../../src/shared/route-table';
import { LANDER_NICHES, landerSlug, parseLanderSlug } from '../../src/shared/lander-slug';

const CODE = { en: 'eng', nl: 'nl', de: 'de', it: 'it', fr: 'fr', es: 'es', pl: 'pl' } as const;

describe('lander slugs', () => {
  it('knows the seven niches of the contract', () => {
    expect(LANDER_NICHES).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  for (const niche of LANDER_NICHES) {
    for (const language of LANGUAGES) {
      const expected = LANDER_NICHE_PREFIXES[niche] + CODE[language];
      it(`niche ${niche} in ${language} is ${expected}, and back`, () => {
        expect(landerSlug(niche, language)).toBe(expected);
        expect(parseLanderSlug(expected)).toEqual({ niche, language });
      });
    }
  }

  it('writes the examples of the brief', () => {
    expect(landerSlug(1, 'en')).toBe('eng');
    expect(landerSlug(2, 'nl')).toBe('she-nl');
    expect(landerSlug(7, 'en')).toBe('gay-eng');
    expect(landerSlug(6, 'de')).toBe('milf-de');
    expect(parseLanderSlug('bdsm-pl')).toEqual({ niche: 3, language: 'pl' });
    expect(parseLanderSlug('bbw-fr')).toEqual({ niche: 4, language: 'fr' });
    expect(parseLanderSlug('gilf-it')).toEqual({ niche: 5, language: 'it' });
  });

  it.each([
    'en',
    'she-en',
    'gay-en',
    'engl',
    'ENG',
    'She-nl',
    'she-NL',
    'nl-she',
    'she-',
    'she',
    '-nl',
    'she--nl',
    'gay-she-nl',
    'foo-nl',
    'milfs-de',
    'pt',
    'she-pt',
    '',
    'eng ',
    ' eng',
    'eng/',
    'she_nl',
  ])('rejects %j', (slug) => {
    expect(parseLanderSlug(slug)).toBeNull();
  });

  it('round-trips every slug it parses', () => {
    for (const niche of LANDER_NICHES) {
      for (const language of LANGUAGES) {
        const parsed = parseLanderSlug(landerSlug(niche, language));
        expect(parsed && landerSlug(parsed.niche, parsed.language)).toBe(
          landerSlug(niche, language),
        );
      }
    }
  });
});

describe('lander routes', () => {
  const kinds = [
    'video',
    'gallery',
    'maplanding',
    'alonetonight',
    'iconslanding',
    'socialnetwork',
    'collagelanding',
    'transitionsvideolanding',
  ];

  it.each(kinds)('/landers/%s takes real slugs only', (kind) => {
    expect(matchRoute(`/landers/${kind}/eng`)?.route.name).toBe(`landers-${kind}-slug`);
    expect(matchRoute(`/landers/${kind}/she-nl`)?.params.slug).toBe('she-nl');
    expect(matchRoute(`/landers/${kind}/en`)).toBeNull();
    expect(matchRoute(`/landers/${kind}/foo-nl`)).toBeNull();
    expect(matchRoute(`/landers/${kind}`)).toBeNull();
  });

  it('rejects unknown lander kinds', () => {
    expect(matchRoute('/landers/poster/eng')).toBeNull();
    expect(matchRoute('/landers/Video/eng')).toBeNull();
  });

  it('checks the slug of the member landers landing2 and landing3', () => {
    for (const variant of ['landing2', 'landing3']) {
      expect(matchRoute(`/members/12/${variant}/gay-eng`)?.route.name).toBe(
        `members-memberId-${variant}-slug`,
      );
      expect(matchRoute(`/members/12/${variant}/en`)).toBeNull();
      expect(matchRoute(`/members/12/${variant}/xx-de`)).toBeNull();
      expect(matchRoute(`/members/0/${variant}/eng`)).toBeNull();
    }
    expect(matchRoute('/members/12/signup')?.route.name).toBe('members-memberId-signup');
    expect(matchRoute('/members/12/landing')?.route.name).toBe('members-memberId-landing');
  });
});
