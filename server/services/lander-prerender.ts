/**
 * The prerendered landers' request-time words: one file per design and language serves every
 * niche (src/shared/prerender/pages.ts), so the server writes who the page is for from the slug.
 */
import { parseLanderSlug } from '../../src/shared/lander-slug';
import type { SlotFiller } from '../lib/prerendered-pages';
import { localeTexts } from '../lib/locale-texts';

/** The filler named `lander` in the prerender registry. */
export function landerSlotFiller(localesDir: string): SlotFiller {
  const text = localeTexts(localesDir);
  return async (_request, match) => {
    const parsed = parseLanderSlug(match.params.slug ?? '');
    if (!parsed) return null;
    const audience = text(parsed.language, `landers.audience.n${parsed.niche}`);
    // Without the words the app shell answers; it draws the same page from its own texts.
    return audience === null ? null : { 'lander.audience': audience };
  };
}
