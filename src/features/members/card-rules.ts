/** Pure rules of the profile card (SPEC §2.6, §3), kept apart so they are tested without React. */
import type { Profile } from '../../shared/contract/fields';
import { cachedIntl } from '../../shared/intl-cache';

/** Countries with more than one common language: the badge shows even when it matches (SPEC §2.6). */
export const MULTILINGUAL_COUNTRIES: ReadonlySet<string> = new Set(['CA', 'BE', 'CH', 'FI']);

/** The language badge shows when the profile's language differs from the interface's, or the country is multilingual. */
export function needsLanguageBadge(
  profile: Pick<Profile, 'language' | 'country'>,
  interfaceLanguage: string,
): boolean {
  return (
    profile.language !== interfaceLanguage.slice(0, 2) ||
    MULTILINGUAL_COUNTRIES.has((profile.country ?? '').toUpperCase())
  );
}

/** Image address = CDN prefix + thumbnail file name (SPEC §3); null without a photo. */
export function photoUrl(cdnPrefix: string, profile: Pick<Profile, 'main_image'>): string | null {
  return profile.main_image ? cdnPrefix + profile.main_image.thumb_filename : null;
}

/** "French" / "Frans" for a language code, in the interface language; the code when Intl lacks it. */
export function languageName(code: string, interfaceLanguage: string): string {
  try {
    const names = cachedIntl(
      languageNames,
      interfaceLanguage,
      { type: 'language' } as const,
      (locale, o) => new Intl.DisplayNames([locale], o),
    );
    return names.of(code) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

// Every card asks, so each language's DisplayNames is made once.
const languageNames = new Map<string, Intl.DisplayNames>();
