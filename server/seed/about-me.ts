/**
 * Composes about-me texts and profile notes in the member's language from the per-language
 * fragments, so a million members read naturally and rarely share a text.
 */
import type { Gender, Language } from '../../src/shared/contract/fields';
import type { Rng } from './random';
import { de } from './texts/de';
import { en } from './texts/en';
import { es } from './texts/es';
import { fr } from './texts/fr';
import { it } from './texts/it';
import { nl } from './texts/nl';
import { pl } from './texts/pl';
import type { AboutMeTexts } from './texts/types';

const TEXTS: Record<Language, AboutMeTexts> = { en, nl, de, fr, it, es, pl };
const GENDERED = /\[\[([^|\]]*)\|([^\]]*)\]\]/g;

/** Fragments with the gendered forms already chosen; only `{city}` is left to fill in. */
export type ComposedFragments = { [K in keyof AboutMeTexts]: string[] };

function resolve(texts: AboutMeTexts, gender: Gender): ComposedFragments {
  const pick = (list: readonly string[]) =>
    list.map((s) =>
      s.replace(GENDERED, (_, male: string, female: string) => (gender === 'male' ? male : female)),
    );
  return {
    openings: pick(texts.openings),
    interests: pick(texts.interests),
    personality: pick(texts.personality),
    closings: pick(texts.closings),
    lookingFor: pick(texts.lookingFor),
    idealDate: pick(texts.idealDate),
  };
}

/** ComposedFragments once per language and gender at load: composing then is a few picks and one replace. */
const RESOLVED = Object.fromEntries(
  Object.entries(TEXTS).map(([lang, texts]) => [
    lang,
    { male: resolve(texts, 'male'), female: resolve(texts, 'female') },
  ]),
) as Record<Language, Record<Gender, ComposedFragments>>;

/** An about-me text: an opening, two interests, sometimes a trait, and an invitation. */
export function composeAboutMe(rng: Rng, language: Language, gender: Gender, city: string): string {
  const t = RESOLVED[language][gender];
  const first = rng.int(0, t.interests.length - 1);
  const second = (first + rng.int(1, t.interests.length - 1)) % t.interests.length;
  const sentences = [rng.pick(t.openings), t.interests[first] ?? '', t.interests[second] ?? ''];
  if (rng.chance(0.6)) sentences.splice(rng.int(1, 3), 0, rng.pick(t.personality));
  sentences.push(rng.pick(t.closings));
  return sentences.join(' ').replaceAll('{city}', city);
}

/** The profile notes of SPEC §3, by note name (the settings' visible_profile_notes). */
export function composeNotes(rng: Rng, language: Language, gender: Gender): [string, string][] {
  const t = RESOLVED[language][gender];
  return [
    ['looking_for', rng.pick(t.lookingFor)],
    ['ideal_date', rng.pick(t.idealDate)],
  ];
}

/** The fragments as composed for one language and gender, to check a text's language by. */
export function fragmentsFor(language: Language, gender: Gender): Readonly<ComposedFragments> {
  return RESOLVED[language][gender];
}
