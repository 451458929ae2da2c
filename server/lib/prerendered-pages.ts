/**
 * The prerendered public pages (src/shared/prerender/pages.ts) as the server sends them: which visitors
 * get them, the file for a path and language, and the slot values filled in at request time.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { Language } from '../../src/shared/contract/fields';
import type { Settings } from '../../src/shared/contract/settings';
import { companyLine } from '../../src/shared/company-line';
import { settingsPlaceholders } from '../../src/shared/page-placeholders';
import {
  matchPrerendered,
  PRERENDER_MANIFEST,
  prerenderFile,
  type PrerenderManifest,
  type PrerenderMatch,
} from '../../src/shared/prerender/pages';
import { fillSlots } from '../../src/shared/prerender/slots';
import { SESSION_HINT_COOKIE } from '../plugins/session';

/**
 * Request-time values for one page family's slots (a member's card), or null when the page must
 * not be sent prerendered (the member is hidden): the app shell answers instead.
 */
export type SlotFiller = (
  request: FastifyRequest,
  match: PrerenderMatch,
) => Promise<Record<string, string> | null>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Slot fillers by the `filler` name of a PrerenderEntry; landers register theirs here. */
    prerenderFillers: Map<string, SlotFiller>;
  }
}

/** The stored design (src/lib/prefs.ts keeps it as JSON in this cookie as well). */
const TEMPLATE_COOKIE = 'amora.template';

/**
 * Prerendered pages show what a visitor without a session sees, in the default design. A member
 * (or someone who picked another design) gets the app shell, which draws their own page.
 */
export function mayGetPrerendered(cookies: Record<string, string | undefined>): boolean {
  if (cookies[SESSION_HINT_COOKIE] !== undefined) return false;
  const template = cookies[TEMPLATE_COOKIE];
  return template === undefined || template === '"amora"';
}

/** Values of the slots every prerendered page may carry: the operator's details and the year. */
export function siteSlotValues(settings: Pick<Settings, 'name' | 'company' | 'support_phone'>) {
  const values: Record<string, string> = {
    'site.company_line': companyLine(settings.company),
    'site.year': String(new Date().getFullYear()),
  };
  for (const [name, value] of Object.entries(settingsPlaceholders(settings)))
    values[`site.${name}`] = value;
  return values;
}

interface Cached {
  mtimeMs: number;
  text: string;
}

/** Reads the build's prerendered files, re-reading one when a new build replaced it. */
export function prerenderedReader(clientDir: string) {
  const cache = new Map<string, Cached>();
  const read = (relative: string): string | null => {
    const file = join(clientDir, relative);
    if (!existsSync(file)) return null;
    const { mtimeMs } = statSync(file);
    const hit = cache.get(relative);
    if (hit?.mtimeMs === mtimeMs) return hit.text;
    const text = readFileSync(file, 'utf8');
    cache.set(relative, { mtimeMs, text });
    return text;
  };
  const manifest = (): PrerenderManifest | null => {
    const text = read(PRERENDER_MANIFEST);
    try {
      return text ? (JSON.parse(text) as PrerenderManifest) : null;
    } catch {
      return null;
    }
  };
  return {
    manifest,
    /** A file of the build's prerendered folder, by its path inside the built client, or null. */
    file: read,
    /** The page file and its match for a path, or null when the build has none for it. */
    page(path: string, visitor: Language): { match: PrerenderMatch; html: string } | null {
      const match = matchPrerendered(path, visitor);
      if (!match || !manifest()?.pages.includes(`${match.name}/${match.language}`)) return null;
      const html = read(prerenderFile(match.name, match.language));
      return html ? { match, html } : null;
    },
  };
}

/** The page with its slots filled, or null when its filler says the shell should answer. */
export async function fillPage(
  request: FastifyRequest,
  page: { match: PrerenderMatch; html: string },
  site: Record<string, string>,
  fillers: ReadonlyMap<string, SlotFiller>,
): Promise<string | null> {
  const { match } = page;
  let own: Record<string, string> = {};
  if (match.filler) {
    const filler = fillers.get(match.filler);
    const values = filler ? await filler(request, match) : null;
    if (!values) return null;
    own = values;
  }
  return fillSlots(page.html, { ...site, ...own });
}
