/**
 * The acquisition dimensions a stats row carries (src/shared/contract/stats.ts STATS_DIMENSIONS):
 * where they come from for a page view and for a member's conversions. Pure: no member id, address
 * or cookie ever goes in, only the page, its language and the partner's tracking values.
 */
import { LANDER_KINDS } from '../../src/shared/route-table';
import { STATS_VALUE_MAX, type StatsDimension } from '../../src/shared/contract/stats';
import { parseLanderSlug } from '../../src/shared/lander-slug';
import { parseTrafficSource, type Tracking } from '../../src/shared/tracking-query';

/** One value per dimension, '' when not set. */
export type StatsDimensions = Record<StatsDimension, string>;

/** The lander a page path is: its design and slug ('' where the path has none). */
export interface LanderPage {
  design: string;
  slug: string;
  /** The page is the match-finder quiz rather than a lander. */
  finder: boolean;
}

const LANDER_PATH = new RegExp(`^/landers/(${LANDER_KINDS.join('|')})/([^/]+)$`);
const MEMBER_LANDER_PATH =
  /^\/members\/[1-9]\d{0,9}\/(signup|landing|landing2|landing3)(?:\/([^/]+))?$/;
const MEMBER_PAGES_WITH_SLUG = new Set(['landing2', 'landing3']);
const FINDER_PATH = '/match-finder';

/** A dimension value as stored: trimmed and cut to STATS_VALUE_MAX characters. */
export function dimensionValue(value: string | null | undefined): string {
  const trimmed = value?.trim() ?? '';
  // As many UTF-16 units as allowed characters or fewer: nothing to cut (the common case).
  if (trimmed.length <= STATS_VALUE_MAX) return trimmed;
  return Array.from(trimmed).slice(0, STATS_VALUE_MAX).join('');
}

/**
 * The lander of a page path (query and trailing slash ignored), or null for any other page.
 * `/landers/gallery/she-nl` is design `gallery`, slug `she-nl`; a member lander is design
 * `member-<page>` (`member-landing2`), its slug when the route has one; the match-finder is
 * design `match-finder`. A path whose slug is not a lander slug is no lander (the app's 404).
 */
export function landerOfPath(rawPath: string): LanderPage | null {
  const path = (rawPath.split(/[?#]/)[0] ?? '').replace(/(.)\/+$/, '$1');
  if (path === FINDER_PATH) return { design: 'match-finder', slug: '', finder: true };
  const lander = LANDER_PATH.exec(path);
  if (lander) {
    const slug = lander[2] ?? '';
    return parseLanderSlug(slug) ? { design: lander[1] ?? '', slug, finder: false } : null;
  }
  const member = MEMBER_LANDER_PATH.exec(path);
  if (!member) return null;
  const page = member[1] ?? '';
  const slug = member[2];
  if (MEMBER_PAGES_WITH_SLUG.has(page) !== (slug !== undefined)) return null;
  if (slug !== undefined && !parseLanderSlug(slug)) return null;
  return { design: `member-${page}`, slug: slug ?? '', finder: false };
}

/** The dimensions of a page view or a conversion from their parts. */
export function dimensionsOf(parts: {
  design?: string | null;
  slug?: string | null;
  language?: string | null;
  country?: string | null;
  tracking?: Tracking;
}): StatsDimensions {
  const t = parts.tracking ?? {};
  return {
    design: dimensionValue(parts.design),
    slug: dimensionValue(parts.slug),
    language: dimensionValue(parts.language),
    country: dimensionValue(parts.country),
    network: dimensionValue(t.network),
    sub1: dimensionValue(t.sub1),
    sub2: dimensionValue(t.sub2),
    sub3: dimensionValue(t.sub3),
  };
}

/** What a member's row says about where they came from. */
export interface MemberOrigin {
  trafficsource: string | null;
  language: string | null;
  country: string | null;
  signup_design: string;
  signup_slug: string;
}

/** A member's conversions: their dimensions and the partner's own reference for postbacks. */
export interface Attribution {
  dimensions: StatsDimensions;
  /** The partner's click or visitor reference (`ref` of the tracking query), '' when none. */
  ref: string;
}

/** The attribution of a member as their row stands now. */
export function attributionOf(member: MemberOrigin): Attribution {
  const tracking = member.trafficsource ? parseTrafficSource(member.trafficsource) : {};
  return {
    dimensions: dimensionsOf({
      design: member.signup_design,
      slug: member.signup_slug,
      language: member.language,
      country: member.country,
      tracking,
    }),
    ref: dimensionValue(tracking.ref),
  };
}

/** The UTC day (YYYY-MM-DD) of an epoch-millisecond time. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
