/**
 * The build's server entry (scripts/prerender.ts builds it with Vite SSR): renders one public page
 * to HTML, as a visitor without a session first sees it, in one language. Nothing here runs at
 * request time; the server only fills slot markers (slots.ts).
 */
import i18next, { type Resource } from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router-dom';
import type { Language } from '../shared/contract/fields';
import { SessionProvider } from '../app/session/SessionProvider';
import { createSessionStore, type SessionApi } from '../app/session/session-store';
import { TemplateProvider } from '../app/template/TemplateProvider';
import { loadStaticPage } from '../features/pages/page-content';
import { addFormats, i18nOptions } from '../i18n/i18n';
import { createRoutes } from '../routes';
import type { RenderedPage } from '../shared/prerender/pages';
import { PrerenderContext } from './prerender-context';

const never = <T,>() => new Promise<T>(() => undefined);

/** A visitor: no session hint, so the store is ready with no user and never calls anything. */
const visitorApi: SessionApi = {
  storedUser: async () => null,
  fetchUser: async () => null,
  fetchSettings: never,
  login: never,
  logout: async () => undefined,
  mayHaveSession: () => false,
  forgetSessionHint: () => undefined,
  watchUser: () => () => undefined,
  storedBan: async () => null,
  watchBan: () => () => undefined,
};

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
  const i18n = i18next.createInstance();
  const resources: Resource = { [language]: { translation: messages } };
  await i18n.use(initReactI18next).init({ ...i18nOptions(resources), lng: language });
  addFormats(i18n);

  const session = createSessionStore(visitorApi);
  void session.refresh();
  await preload(path, language);
  const handler = createStaticHandler(createRoutes(session));
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered a redirect or a response`);
  if (context.statusCode !== 200) throw new Error(`${path} renders status ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context as StaticHandlerContext);

  const html = renderToString(
    <StrictMode>
      <PrerenderContext value={true}>
        <I18nextProvider i18n={i18n}>
          <SessionProvider store={session}>
            <TemplateProvider>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </TemplateProvider>
          </SessionProvider>
        </I18nextProvider>
      </PrerenderContext>
    </StrictMode>,
  );
  return { html, title: titleOf(html), description: i18n.t('home.meta_description') };
}

/** React 19 renders `<title>` where the page puts it; the build moves its text into the head. */
function titleOf(html: string): string {
  const match = /<title>([\s\S]*?)<\/title>/.exec(html);
  if (!match) throw new Error('the page rendered no <title>');
  return match[1]!;
}
