/**
 * Pure rules of the acquisition pages (issue 14), kept apart from React so they are tested alone:
 * which design a route shows, where sign-up links lead with the tracking query kept, and how the
 * member count reads in a headline.
 */
import type { Language, LanderNiche, Profile } from '../../api/contract';
import { LANDER_KINDS } from '../../app/route-table';
import { readTracking, trackingQuery } from '../../lib/tracking-query';

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

/** A member placed on the map at their town, in the map's units. */
export interface MapPin {
  profile: Profile;
  x: number;
  y: number;
}

/**
 * Members of `country` whose town the map knows, one pin per member, nudged apart until no two
 * are closer than `gap` (a photo's width in map units), so every photo stays visible. The others
 * are listed, never placed where they do not live.
 */
export function mapPins(
  profiles: readonly Profile[],
  country: string,
  cities: Readonly<Record<string, readonly [number, number]>>,
  gap = 40,
): { pins: MapPin[]; unplaced: Profile[] } {
  const pins: MapPin[] = [];
  const unplaced: Profile[] = [];
  for (const profile of profiles) {
    const town = profile.city ? cities[profile.city] : undefined;
    if (!town || profile.country?.toUpperCase() !== country) unplaced.push(profile);
    else pins.push({ profile, x: town[0], y: town[1] });
  }
  for (let round = 0; round < 40; round++) {
    let moved = false;
    pins.forEach((a, i) => {
      pins.slice(i + 1).forEach((b, j) => {
        let dx = b.x - a.x;
        let dy = b.y - a.y;
        let distance = Math.hypot(dx, dy);
        if (distance >= gap) return;
        if (distance < 0.01) {
          // Same town: spread along a golden-angle spiral so the directions differ.
          const angle = (i + j + 1) * 2.4;
          [dx, dy, distance] = [Math.cos(angle), Math.sin(angle), 1];
        }
        const push = (gap - distance) / 2 / distance;
        a.x -= dx * push;
        a.y -= dy * push;
        b.x += dx * push;
        b.y += dy * push;
        moved = true;
      });
    });
    if (!moved) break;
  }
  for (const pin of pins) {
    pin.x = Math.round(pin.x);
    pin.y = Math.round(pin.y);
  }
  return { pins, unplaced };
}

/**
 * Which pins carry a name tag (drawn under the photo): at most `max`, first come first, skipping
 * a pin whose tag would cover an earlier tag or another member's photo. `tag` is a tag's size and
 * `photo` a photo's diameter, in map units.
 */
export function taggedPins(
  pins: readonly MapPin[],
  max: number,
  tag: { width: number; height: number },
  photo: number,
): Set<number> {
  const chosen: MapPin[] = [];
  const covers = (pin: MapPin, other: MapPin) =>
    Math.abs(other.x - pin.x) < tag.width / 2 + photo / 2 &&
    other.y > pin.y &&
    other.y - pin.y < photo / 2 + tag.height + photo / 2;
  for (const pin of pins) {
    if (chosen.length >= max) break;
    const tagsClash = chosen.some(
      (other) =>
        Math.abs(other.x - pin.x) < tag.width && Math.abs(other.y - pin.y) < tag.height + photo,
    );
    const hidesPhoto = pins.some((other) => other !== pin && covers(pin, other));
    if (!tagsClash && !hidesPhoto) chosen.push(pin);
  }
  return new Set(chosen.map((pin) => pin.profile.id));
}

/** Niche number → the key suffix of its audience copy (`landers.audience.<n>`). */
export function audienceKey(niche: LanderNiche): `landers.audience.n${LanderNiche}` {
  return `landers.audience.n${niche}`;
}
