/**
 * Lander slugs (SPEC §2.5): the niche prefix before the language code, `en` written `eng`, so
 * `eng`, `she-nl`, `gay-eng`, `milf-de`. Imports types only, so the route table (which the server
 * and the first page load both import) stays free of zod.
 */
import type { Language } from './contract/fields';
import type { LANDER_NICHE_PREFIXES, LanderNiche } from './contract/landers';

/** Niche number → slug prefix; checked against the contract's table by the type system. */
const PREFIXES = {
  1: '',
  2: 'she-',
  3: 'bdsm-',
  4: 'bbw-',
  5: 'gilf-',
  6: 'milf-',
  7: 'gay-',
} as const satisfies typeof LANDER_NICHE_PREFIXES;

/** Language → the code a slug writes for it. */
const CODES = {
  en: 'eng',
  nl: 'nl',
  de: 'de',
  it: 'it',
  fr: 'fr',
  es: 'es',
  pl: 'pl',
} as const satisfies Record<Language, string>;

/** What a slug says: which members a lander shows, and in which language. */
export interface LanderSlug {
  niche: LanderNiche;
  language: Language;
}

/** Every niche, in number order. */
export const LANDER_NICHES = Object.keys(PREFIXES).map(Number) as LanderNiche[];

const NICHE_BY_PREFIX = new Map<string, LanderNiche>(
  LANDER_NICHES.map((niche) => [PREFIXES[niche], niche]),
);
const LANGUAGE_BY_CODE = new Map<string, Language>(
  (Object.keys(CODES) as Language[]).map((language) => [CODES[language], language]),
);

/** The slug of a niche and language: landerSlug(2, 'nl') is `she-nl`, landerSlug(1, 'en') `eng`. */
export function landerSlug(niche: LanderNiche, language: Language): string {
  return PREFIXES[niche] + CODES[language];
}

/** Niche and language of a slug, or null when it is not one (`en`, `NL`, `foo-nl`, `she-`). */
export function parseLanderSlug(slug: string): LanderSlug | null {
  const dash = slug.lastIndexOf('-');
  const niche = NICHE_BY_PREFIX.get(slug.slice(0, dash + 1));
  const language = LANGUAGE_BY_CODE.get(slug.slice(dash + 1));
  return niche === undefined || language === undefined ? null : { niche, language };
}
