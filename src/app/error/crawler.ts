/** Crawler detection by user agent: the error page is not rendered for crawlers (SPEC §2.7). */

const KNOWN_CRAWLERS =
  /googlebot|bingbot|yandex|baiduspider|duckduckbot|slurp|facebookexternalhit|twitterbot|linkedinbot|applebot|ahrefs|semrush/i;

/** Generic words crawlers put in their names; "bot" must end a word so phone brands like CUBOT KING do not match. */
const GENERIC = /bot\b|crawler|spider/i;
const FALSE_FRIENDS = /cubot/i;

export function isCrawler(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  if (KNOWN_CRAWLERS.test(userAgent)) return true;
  return GENERIC.test(userAgent) && !FALSE_FRIENDS.test(userAgent);
}
