/**
 * One route of the app rendered to HTML in Node, as the browser's first render draws it: the
 * build's public pages (entry.tsx) and a member's first screen at request time (member-screen.tsx).
 */
import i18next, { type i18n as I18n, type Resource } from 'i18next';
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
import type { SessionStore } from '../app/session/session-store';
import { TemplateProvider } from '../app/template/TemplateProvider';
import { addFormats, i18nOptions } from '../i18n/i18n';
import { createRoutes } from '../routes';
import { PrerenderContext } from './prerender-context';

/** What a route rendered: its markup and the i18next instance it was rendered with. */
export interface RenderedRoute {
  html: string;
  i18n: I18n;
}

/**
 * Renders `path` in `language` for `session`. `prerendering` marks the build's render of a public
 * page (slot markers, no data waited for); `around` wraps the synchronous render, so what it sets
 * holds for this render alone. Throws for a redirect or a status other than 200.
 */
export async function renderRoute(
  path: string,
  language: Language,
  messages: Record<string, unknown>,
  session: SessionStore,
  options: { prerendering: boolean; around?: <T>(render: () => T) => T },
): Promise<RenderedRoute> {
  const i18n = i18next.createInstance();
  const resources: Resource = { [language]: { translation: messages } };
  await i18n.use(initReactI18next).init({ ...i18nOptions(resources), lng: language });
  addFormats(i18n);

  const handler = createStaticHandler(createRoutes(session));
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered a redirect or a response`);
  if (context.statusCode !== 200) throw new Error(`${path} renders status ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context as StaticHandlerContext);

  const render = () =>
    renderToString(
      <StrictMode>
        <PrerenderContext value={options.prerendering}>
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
  const html = options.around ? options.around(render) : render();
  return { html, i18n };
}

/** React 19 renders `<title>` where the page puts it; the page's head takes its text. */
export function titleOf(html: string): string {
  const match = /<title>([\s\S]*?)<\/title>/.exec(html);
  if (!match) throw new Error('the page rendered no <title>');
  return match[1]!;
}
