/**
 * The build's server entry (scripts/prerender.ts builds it with Vite SSR): renders one public page
 * to HTML, as a visitor without a session first sees it, in one language; the server fills its
 * slot markers (slots.ts). Its other export, a member's first screen, runs at request time
 * (member-screen.tsx).
 */
import type { Language } from '../shared/contract/fields';
import { loadStaticPage } from '../features/pages/page-content';
import type { RenderedPage } from '../shared/prerender/pages';
import { renderRoute, titleOf } from './render-route';
import { serverSession } from './server-session';

/** Loads what a page shows from the app's own files before it renders, so it renders complete. */
async function preload(path: string, language: Language): Promise<void> {
  const page = /^\/pages\/([a-z-]+)$/.exec(path)?.[1];
  if (page) await loadStaticPage(language, page);
}

/** Renders `path` in `language` with that language's messages. */
export async function renderPage(
  path: string,
  language: Language,
  messages: Record<string, unknown>,
): Promise<RenderedPage> {
  const session = serverSession(null);
  await preload(path, language);
  const { html, i18n } = await renderRoute(path, language, messages, session, {
    prerendering: true,
  });
  return { html, title: titleOf(html), description: i18n.t('home.meta_description') };
}

export { renderMemberScreen } from './member-screen';
