/**
 * Which page requests count as funnel views, and their dimensions. A view is counted when the
 * server sends a lander, member lander or match-finder page (prerendered or the app shell) to a
 * visitor: the page's own request, never the data calls its screen then makes (lander.php and
 * member_lander.php follow every such page once, so counting both would count a visit twice, and
 * they do not know the design; match_finder.php answers a finished quiz, not a visit). Members
 * (a session hint cookie) are not acquisition traffic and are not counted.
 */
import type { Language } from '../../src/shared/contract/fields';
import { parseLanderSlug } from '../../src/shared/lander-slug';
import { readTracking } from '../../src/shared/tracking-query';
import { dimensionsOf, landerOfPath, type StatsDimensions } from '../lib/stats-dimensions';
import { SESSION_HINT_COOKIE } from '../plugins/session';
import type { ViewBatch } from '../repositories/stats-events.repository';

/** A counted view. */
export interface PageView {
  event: ViewBatch['event'];
  dimensions: StatsDimensions;
}

/**
 * The view a page request is, or null when it is none: `url` with its query (the partner's
 * tracking values), `language` the page's when its path names none (a slug does).
 */
export function pageViewOf(
  url: string,
  language: Language,
  cookies: Record<string, string | undefined>,
): PageView | null {
  if (cookies[SESSION_HINT_COOKIE] !== undefined) return null;
  const at = url.indexOf('?');
  const lander = landerOfPath(at < 0 ? url : url.slice(0, at));
  if (!lander) return null;
  const tracking = at < 0 ? {} : readTracking(new URLSearchParams(url.slice(at + 1)));
  return {
    event: lander.finder ? 'finder_view' : 'lander_view',
    dimensions: dimensionsOf({
      design: lander.design,
      slug: lander.slug,
      language: (lander.slug && parseLanderSlug(lander.slug)?.language) || language,
      // No address lookup: a view's country is never known.
      country: '',
      tracking,
    }),
  };
}
