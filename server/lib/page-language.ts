/** Picks the interface language of a page request, in the client's order: cookie, browser, fallback. */
import { LANGUAGES, type Language } from '../../src/shared/contract/fields';

const LANGUAGE_COOKIE = 'i18n_redirected';

function supported(tag: string | undefined): Language | undefined {
  const lng = tag?.trim().slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(lng ?? '') ? (lng as Language) : undefined;
}

/** The language the page will most likely render in, so its messages can be preloaded. */
export function pageLanguage(
  cookies: Record<string, string | undefined>,
  acceptLanguage: string | undefined,
): Language {
  const fromCookie = supported(cookies[LANGUAGE_COOKIE]);
  if (fromCookie) return fromCookie;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.split('=')[1] ?? 1);
      return { tag, q: Number.isFinite(q) ? q : 0 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const lng = supported(tag);
    if (lng) return lng;
  }
  return 'en';
}

/** Adds a preload of the language's messages, so they load alongside the scripts, not after. */
export function withMessagesPreload(html: string, language: Language): string {
  const link = `<link rel="preload" href="/_i18n/${language}/messages.json" as="fetch" crossorigin="anonymous">`;
  return html.replace('</head>', `${link}</head>`);
}
