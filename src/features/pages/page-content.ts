/**
 * Legal and help page texts (`locales/<lng>/pages/<page>.json`), one lazy chunk per file,
 * with the operator's details filled into their {{placeholders}}.
 */
import { z } from 'zod';
import type { Settings } from '../../api/contract';

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

/** The page in `lng`, else in English; null when neither exists or the file is malformed. */
export async function loadStaticPage(
  lng: string,
  page: string,
  loaders: PageLoaders = LOADERS,
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

/** Placeholder values from the settings (SPEC §3 company fields). */
export function placeholderValues(settings: Settings | null): Record<string, string> {
  const company = settings?.company;
  return {
    site_name: settings?.name ?? 'Amora',
    company_name: company?.name ?? '',
    company_address: company?.address ?? '',
    company_city: company?.city ?? '',
    company_country: company?.country ?? '',
    kvk: company?.kvk ?? '',
    vat_number: company?.vat_numbers.join(', ') ?? '',
    support_phone: settings?.support_phone ?? '',
    support_email: SUPPORT_EMAIL,
  };
}

/** Replaces `{{name}}` with its value; unknown names stay visible so a missing value is noticed. */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}
