/**
 * Legal and help page texts (`locales/<lng>/pages/<page>.json`), one lazy chunk per file,
 * with the operator's details filled into their {{placeholders}}.
 */
import { z } from 'zod';
import type { Settings } from '../../shared/contract/settings';
import { settingsPlaceholders } from '../../shared/page-placeholders';

// As in the contract (src/shared/contract/fields.ts), which a prerendered legal page no longer loads first: no eval under the
// page's CSP, where zod's JIT probe would be reported as a violation.
if (typeof (globalThis as { process?: unknown }).process === 'undefined')
  z.config({ jitless: true });

export const StaticPageDoc = z.object({
  title: z.string(),
  updated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  intro: z.string(),
  sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })),
});
export type StaticPageDoc = z.infer<typeof StaticPageDoc>;

export type PageLoaders = Record<string, () => Promise<unknown>>;

const LOADERS: PageLoaders = import.meta.glob('/locales/*/pages/*.json', { import: 'default' });

/** Support address when settings do not carry one. */
const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL ?? 'support@amora.example';

/** Pages already loaded with the app's own files, by `<lng>/<page>`. */
const loaded = new Map<string, StaticPageDoc | null>();

/** A page loaded before (the prerender loads it ahead of rendering), so it can render at once. */
export function loadedStaticPage(lng: string, page: string): StaticPageDoc | null | undefined {
  return loaded.get(`${lng}/${page}`);
}

/** The page in `lng`, else in English; null when neither exists or the file is malformed. */
export async function loadStaticPage(
  lng: string,
  page: string,
  loaders: PageLoaders = LOADERS,
): Promise<StaticPageDoc | null> {
  const doc = await findStaticPage(lng, page, loaders);
  if (loaders === LOADERS) loaded.set(`${lng}/${page}`, doc);
  return doc;
}

async function findStaticPage(
  lng: string,
  page: string,
  loaders: PageLoaders,
): Promise<StaticPageDoc | null> {
  for (const language of lng === 'en' ? ['en'] : [lng, 'en']) {
    const load = loaders[`/locales/${language}/pages/${page}.json`];
    if (!load) continue;
    const parsed = StaticPageDoc.safeParse(await load());
    if (parsed.success) return parsed.data;
    console.warn(
      `Page text ${language}/${page} does not match the page format`,
      parsed.error.issues,
    );
  }
  return null;
}

/** Placeholder values from the settings (SPEC §3 company fields) and the support address. */
export function placeholderValues(settings: Settings | null): Record<string, string> {
  return { ...settingsPlaceholders(settings), support_email: SUPPORT_EMAIL };
}

/** Replaces `{{name}}` with its value; unknown names stay visible so a missing value is noticed. */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}
