/**
 * A member's first screen as HTML (src/shared/prerender/member-screens.ts): the build's template
 * for the screen and language, with the markup the build's renderer draws from the page's first
 * answers. A cold phone then paints the cards before any script has run; the app renders the
 * same screen from the same answers and takes over. Only for a device that keeps no data of the
 * member yet (no STORED_HINT_COOKIE): one that does draws what it stored, from the app shell.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../src/shared/contract/fields';
import type { FirstAnswers } from '../../src/shared/first-answers';
import {
  MEMBER_SCREEN_MARKER,
  memberScreenFile,
  type MemberScreen,
  type RenderMemberScreen,
} from '../../src/shared/prerender/member-screens';
import { fillSlots } from '../../src/shared/prerender/slots';
import { localeMessages } from '../lib/locale-texts';
import type { prerenderedReader } from '../lib/prerendered-pages';

type Reader = ReturnType<typeof prerenderedReader>;

/**
 * Loads the renderer the manifest names (`entry`, inside the built client). Its name changes with
 * its content, so a new build is imported anew, as one module graph of its own.
 */
function rendererLoader(clientDir: string) {
  let loaded: { entry: string; render: Promise<RenderMemberScreen> } | null = null;
  return (entry: string): Promise<RenderMemberScreen> => {
    if (loaded?.entry !== entry) {
      const url = pathToFileURL(join(clientDir, entry)).href;
      const render = import(url).then(
        (module: { renderMemberScreen: RenderMemberScreen }) => module.renderMemberScreen,
      );
      loaded = { entry, render };
    }
    return loaded.render;
  };
}

/** The answer each screen draws from (src/shared/first-answers.ts). */
const SCREEN_ANSWER = {
  members: 'search',
  likes: 'likes',
  chats: 'chats',
  chat: 'conversation',
} as const satisfies Record<MemberScreen, keyof FirstAnswers>;

/** React writes a page's preloads (react-dom's preload()) before its markup. */
const LEADING_PRELOADS = /^(?:<link rel="preload"[^>]*>)*/;

/**
 * The renderer of members' first screens. `page` answers the document, or null when the build has
 * no template for the screen and language or the render failed (the app shell answers then).
 */
export function memberPages(
  prerendered: Reader,
  clientDir: string,
  localesDir: string,
  log: FastifyBaseLogger,
) {
  const renderer = rendererLoader(clientDir);
  const messagesOf = localeMessages(localesDir);
  return {
    async page(
      screen: MemberScreen,
      path: string,
      language: Language,
      answers: FirstAnswers,
      siteValues: Record<string, string>,
    ): Promise<string | null> {
      // Without its own answer the screen would draw only its skeleton: the shell does as well.
      if (answers[SCREEN_ANSWER[screen]] === undefined) return null;
      const manifest = prerendered.manifest();
      if (!manifest?.renderer || !manifest.memberScreens?.includes(`${screen}/${language}`))
        return null;
      const template = prerendered.file(memberScreenFile(screen, language));
      const messages = messagesOf(language);
      if (!template || !messages) return null;
      try {
        const render = await renderer(manifest.renderer);
        const { html, title } = await render(path, language, messages, answers);
        // The page asks for the first photos itself (first-answers.ts withShellAnswers).
        const markup = html.replace(LEADING_PRELOADS, '');
        return fillSlots(template, siteValues)
          .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`)
          .replace(MEMBER_SCREEN_MARKER, () => markup);
      } catch (error) {
        log.warn({ err: error, path }, 'member screen not rendered; the app shell answers');
        return null;
      }
    },
  };
}
