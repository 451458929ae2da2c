/**
 * Which public pages are prerendered to HTML at build time, per language, and which file answers
 * a page request. Plain data with no DOM or React, shared by the build (scripts/prerender) and the
 * server (server/plugins/static.ts). A new page family plugs in with one entry in PRERENDER_ENTRIES.
 */
import type { Language } from '../contract/fields';
import { LANDER_KINDS, STATIC_PAGES } from '../route-table';
import { INTERFACE_LANGUAGES } from '../languages';
import { landerSlug, parseLanderSlug } from '../lander-slug';

/** Folder inside the built client that holds the prerendered pages and their manifest. */
export const PRERENDER_DIR = 'prerendered';
/** What the build wrote: page files and the CSP hashes of their inline scripts. */
export const PRERENDER_MANIFEST = `${PRERENDER_DIR}/manifest.json`;
export { PRERENDER_CONTAINER_ID } from './container';

/** One file the build writes: `prerendered/<name>/<language>.html`, rendered from `path`. */
export interface PrerenderTarget {
  name: string;
  language: Language;
  /** The URL the app renders for this file (a representative one for patterned pages). */
  path: string;
}

/** The file that answers a request, with the route params a slot filler may need. */
export interface PrerenderMatch {
  name: string;
  language: Language;
  params: Record<string, string | undefined>;
  /** Names a server-side filler for the page's `[[slot:…]]` markers (server/lib/prerender-slots.ts). */
  filler?: string;
}

/** A family of prerendered pages: what to render at build time and how requests map to files. */
export interface PrerenderEntry {
  name: string;
  targets(): PrerenderTarget[];
  /** The file for a page path, or null when the path is not this entry's. */
  match(path: string, visitor: Language): PrerenderMatch | null;
}

/** The manifest the build writes next to the pages. */
export interface PrerenderManifest {
  /** `<name>/<language>` of every page written. */
  pages: string[];
  /** CSP source expressions ('sha256-…') of the inline scripts in those pages. */
  scriptHashes: string[];
  /** `<screen>/<language>` of every member screen template written (member-screens.ts). */
  memberScreens?: string[];
  /** The renderer's entry file, inside the built client (member-screens.ts). */
  renderer?: string;
}

/** What the SSR entry returns for one target; the build wraps it into the page template. */
export interface RenderedPage {
  /** Markup of the app's root element for this URL. */
  html: string;
  /** Text of the page's `<title>`, HTML-escaped as React rendered it. */
  title: string;
  /** The site description in the page's language, plain text. */
  description: string;
}

/** A page at one fixed path, in the visitor's language (cookie, then Accept-Language). */
export function fixedPage(name: string, path: string, filler?: string): PrerenderEntry {
  return {
    name,
    targets: () => INTERFACE_LANGUAGES.map((language) => ({ name, language, path })),
    match: (requested, visitor) =>
      requested === path ? { name, language: visitor, params: {}, filler } : null,
  };
}

/**
 * A lander design: one file per language, since the slug gives the language. The niche changes
 * only who the page is for (the `lander` filler writes it) and which members the app fills in, so
 * `/landers/video/she-nl` is answered by `landers-video/nl`.
 * An unknown slug matches nothing and stays the app's 404.
 */
export function landerPage(kind: (typeof LANDER_KINDS)[number]): PrerenderEntry {
  const name = `landers-${kind}`;
  const pattern = new RegExp(`^/landers/${kind}/([^/]+)$`);
  return {
    name,
    targets: () =>
      INTERFACE_LANGUAGES.map((language) => ({
        name,
        language,
        path: `/landers/${kind}/${landerSlug(1, language)}`,
      })),
    match: (path) => {
      const slug = pattern.exec(path)?.[1];
      const parsed = slug ? parseLanderSlug(slug) : null;
      return parsed && slug
        ? { name, language: parsed.language, params: { slug }, filler: 'lander' }
        : null;
    },
  };
}

/** The member landers' routes: their last path part and whether a lander slug follows it. */
export const MEMBER_LANDER_PAGES = [
  { page: 'signup', slug: false },
  { page: 'landing', slug: false },
  { page: 'landing2', slug: true },
  { page: 'landing3', slug: true },
] as const;

/**
 * A member lander: one file per language, rendered with slot markers where the member's card goes
 * (member-slots.ts); the `member-card` filler writes the member in at request time, or sends the
 * app shell when the member may not be shown. The slug, where the route has one, gives the
 * language; otherwise the visitor's language does, as on the app's own page.
 */
export function memberLanderPage({
  page,
  slug,
}: (typeof MEMBER_LANDER_PAGES)[number]): PrerenderEntry {
  const name = `member-${page}`;
  const pattern = new RegExp(`^/members/([1-9]\\d{0,9})/${page}${slug ? '/([^/]+)' : ''}$`);
  return {
    name,
    targets: () =>
      INTERFACE_LANGUAGES.map((language) => ({
        name,
        language,
        path: `/members/1/${page}${slug ? `/${landerSlug(1, language)}` : ''}`,
      })),
    match: (path, visitor) => {
      const found = pattern.exec(path);
      if (!found) return null;
      const memberId = found[1]!;
      if (!slug) return { name, language: visitor, params: { memberId }, filler: 'member-card' };
      const parsed = parseLanderSlug(found[2]!);
      return parsed
        ? {
            name,
            language: parsed.language,
            params: { memberId, slug: found[2] },
            filler: 'member-card',
          }
        : null;
    },
  };
}

/** Every prerendered page family. */
export const PRERENDER_ENTRIES: PrerenderEntry[] = [
  fixedPage('home', '/'),
  fixedPage('login', '/login'),
  fixedPage('signup', '/signup', 'signup'),
  ...STATIC_PAGES.map((page) => fixedPage(`pages-${page}`, `/pages/${page}`)),
  ...LANDER_KINDS.map(landerPage),
  fixedPage('match-finder', '/match-finder'),
  ...MEMBER_LANDER_PAGES.map(memberLanderPage),
];

/** The path as the route table sees it: no trailing slash except for the root. */
function normalisePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The prerendered page for a request path, or null when the app shell answers it. */
export function matchPrerendered(
  path: string,
  visitor: Language,
  entries: readonly PrerenderEntry[] = PRERENDER_ENTRIES,
): PrerenderMatch | null {
  const normalised = normalisePath(path);
  for (const entry of entries) {
    const match = entry.match(normalised, visitor);
    if (match) return match;
  }
  return null;
}

/** Relative path of a page inside the built client. */
export function prerenderFile(name: string, language: Language): string {
  return `${PRERENDER_DIR}/${name}/${language}.html`;
}
