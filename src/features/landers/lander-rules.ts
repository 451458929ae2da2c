/**
 * Pure rules of the acquisition pages (issue 14), kept apart from React so they are tested alone:
 * which design a route shows, where sign-up links lead with the tracking query kept, and how the
 * member count reads in a headline.
 */
import type { Language, Profile } from '../../shared/contract/fields';
import type { LanderNiche } from '../../shared/contract/landers';
import { LANDER_KINDS } from '../../shared/route-table';
import { readTracking, trackingQuery } from '../../shared/tracking-query';

export type LanderKind = (typeof LANDER_KINDS)[number];

/** The id of the sign-up section every lander ends with; its calls to action link here. */
export const JOIN_ID = 'join';

/** The design of a route-table path such as `/landers/gallery/:slug`, or null for another path. */
export function landerKind(routePath: string | undefined): LanderKind | null {
  const kind = /^\/landers\/([a-z]+)\//.exec(routePath ?? '')?.[1];
  return (LANDER_KINDS as readonly string[]).includes(kind ?? '') ? (kind as LanderKind) : null;
}

/** `path` with the page's tracking values (canonical names), so the sign-up keeps the source. */
export function withTracking(path: string, search: string | URLSearchParams): string {
  const query = trackingQuery(readTracking(new URLSearchParams(search))).toString();
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
}

/** How a member count reads: exact below 100, else "more than" the server's rounded figure. */
export function totalKind(total: number): 'exact' | 'more' {
  return total >= 100 ? 'more' : 'exact';
}

/** "Anna, 31", or the name alone when the age is not shown. */
export function nameWithAge(profile: Pick<Profile, 'name' | 'age'>): string {
  return profile.age === null ? profile.name : `${profile.name}, ${profile.age}`;
}

/** The country a language's visitors most likely live in, for maps when geo-IP says nothing. */
const LANGUAGE_COUNTRY: Record<Language, string> = {
  en: 'GB',
  nl: 'NL',
  de: 'DE',
  it: 'IT',
  fr: 'FR',
  es: 'ES',
  pl: 'PL',
};

/**
 * The country the map lander draws: the visitor's (geo-IP) when the site has a map of it, else
 * where most of the shown members live, else the page language's country.
 */
export function mapCountry(
  profiles: readonly Pick<Profile, 'country'>[],
  visitorCountry: string | null,
  language: Language,
  mapped: readonly string[],
): string | null {
  const has = (code: string | null | undefined): code is string =>
    !!code && mapped.includes(code.toUpperCase());
  if (has(visitorCountry)) return visitorCountry.toUpperCase();
  const counts = new Map<string, number>();
  for (const { country } of profiles) {
    if (has(country))
      counts.set(country.toUpperCase(), (counts.get(country.toUpperCase()) ?? 0) + 1);
  }
  const [top] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  if (top) return top[0];
  const fallback = LANGUAGE_COUNTRY[language];
  return has(fallback) ? fallback : (mapped[0] ?? null);
}

/** Niche number → the key suffix of its audience copy (`landers.audience.<n>`). */
export function audienceKey(niche: LanderNiche): `landers.audience.n${LanderNiche}` {
  return `landers.audience.n${niche}`;
}
