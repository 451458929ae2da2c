/**
 * Sponsored results (SPEC §6, §9): who may see webcam and ad cards, and where they go in a list of
 * search results. Pure, so the page and the server apply the same rule.
 */
import type { User } from './contract/account';
import type { CamEntry, CamsQuery, FilterOptions } from './contract/members';
import type { Settings } from './contract/settings';

/** Signup must be strictly older than this (4 days) before sponsored results load (SPEC §9). */
export const SPONSORED_MIN_ACCOUNT_AGE_MS = 345_600_000;
/** Sponsored cards repeat per block of this many results (the search page size, SPEC §9). */
export const SPONSORED_BLOCK = 12;
/** After the result at this index within a block comes a webcam card. */
export const CAM_SLOT = 1;
/** After the result at this index within a block comes an ad card. */
export const AD_SLOT = 5;

/**
 * Which sponsored kinds the site sells: 'cams' in member_resell enables webcam cards, 'camads'
 * enables ad cards; either one makes the webcam list load (SPEC §3, §6).
 */
export function sponsoredKinds(settings: Pick<Settings, 'member_resell'> | null | undefined): {
  cams: boolean;
  ads: boolean;
} {
  const resell = settings?.member_resell ?? [];
  return { cams: resell.includes('cams'), ads: resell.includes('camads') };
}

/** SPEC §6: logged in, not paying, signed up more than 4 days ago, and the site resells cams. */
export function isSponsoredEligible(
  user: Pick<User, 'paid_user' | 'signup_date'> | null | undefined,
  settings: Pick<Settings, 'member_resell'> | null | undefined,
  now: number,
): boolean {
  if (!user || user.paid_user) return false;
  const kinds = sponsoredKinds(settings);
  if (!kinds.cams && !kinds.ads) return false;
  const signup = Date.parse(user.signup_date);
  return Number.isFinite(signup) && now - signup > SPONSORED_MIN_ACCOUNT_AGE_MS;
}

/** The webcam query for a search's filters (its gender and ages); empty filters are left out. */
export function camsQueryFor(
  filters: Partial<Pick<FilterOptions, 'gender' | 'min_age' | 'max_age'>> | null | undefined,
): CamsQuery {
  return {
    ...(filters?.gender ? { gender: filters.gender } : {}),
    ...(typeof filters?.min_age === 'number' ? { min_age: filters.min_age } : {}),
    ...(typeof filters?.max_age === 'number' ? { max_age: filters.max_age } : {}),
  };
}

/** The same query as an address's search parameters. */
export function camsParams(query: CamsQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  return params;
}

/** One grid item: a search result or a sponsored card with its webcam entry. */
export type SponsoredItem<P> =
  | { kind: 'profile'; profile: P }
  | { kind: 'cam'; entry: CamEntry }
  | { kind: 'ad'; entry: CamEntry };

/** Which card kinds to place; both by default. */
export interface InterleaveOptions {
  cams?: boolean;
  ads?: boolean;
}

/** The webcam list as an array, in the order of its keys (the response is an object, SPEC §3). */
export function camList(cams: Record<string, CamEntry> | readonly CamEntry[] | null | undefined) {
  if (!cams) return [];
  return Array.isArray(cams) ? [...cams] : Object.values(cams);
}

/**
 * Mixes sponsored cards into results (SPEC §9): after result i, a cam card with entry
 * cams[floor(i/12)*2 + 1] when i%12 is 1, an ad card with entry cams[floor(i/12)*2] when i%12 is
 * 5. A slot whose entry is missing stays empty.
 */
export function interleaveSponsored<P>(
  profiles: readonly P[],
  cams: Record<string, CamEntry> | readonly CamEntry[] | null | undefined,
  options: InterleaveOptions = {},
): SponsoredItem<P>[] {
  const list = camList(cams);
  const withCams = options.cams ?? true;
  const withAds = options.ads ?? true;
  const items: SponsoredItem<P>[] = [];
  profiles.forEach((profile, index) => {
    items.push({ kind: 'profile', profile });
    const base = Math.floor(index / SPONSORED_BLOCK) * 2;
    const slot = index % SPONSORED_BLOCK;
    if (withCams && slot === CAM_SLOT) {
      const entry = list[base + 1];
      if (entry) items.push({ kind: 'cam', entry });
    }
    if (withAds && slot === AD_SLOT) {
      const entry = list[base];
      if (entry) items.push({ kind: 'ad', entry });
    }
  });
  return items;
}

/** A stable React key for an item: profiles by id, sponsored cards by kind and account. */
export function sponsoredKey<P extends { id: number }>(item: SponsoredItem<P>): string {
  return item.kind === 'profile' ? `p${item.profile.id}` : `${item.kind}-${item.entry.account}`;
}

/** Where a sponsored card leads (SPEC §7): the ad partner for ads, the webcam redirect for cams. */
export function sponsoredHref(kind: 'cam' | 'ad', entry: CamEntry, apiBase = ''): string {
  return kind === 'ad'
    ? `${apiBase}/api/resellpartner.php?flow=profile-search&redirect=1`
    : `${apiBase}/api/xcams/redirect.php?account=${encodeURIComponent(entry.account)}`;
}

/** The snapshot image of an entry: its own address, else the configured image host + account. */
export function snapshotUrl(entry: CamEntry, prefix: string | undefined): string | null {
  if (entry.snapshot) return entry.snapshot;
  return prefix ? prefix + encodeURIComponent(entry.account) : null;
}
