/**
 * A member's first screen rendered by the server at request time (src/prerender/member-screen.tsx):
 * the build writes one page template per screen and language, whose container holds a marker the
 * server replaces with the screen's markup, and keeps its Node renderer beside them. Plain data,
 * shared by the build (scripts/prerender.ts), the server (server/services/member-page.ts) and the
 * app (which sets the stored-data hint).
 */
import type { Language } from '../contract/fields';
import type { FirstAnswers } from '../first-answers';
import { PRERENDER_DIR } from './pages';

/**
 * The screens whose page carries first answers, by the path the template is built from (a
 * conversation's stands for every conversation: the template holds only the screen's files).
 */
export const MEMBER_SCREENS = {
  members: '/members',
  likes: '/likes',
  chats: '/chats',
  chat: '/chats/1',
} as const;
export type MemberScreen = keyof typeof MEMBER_SCREENS;

/** Where the server puts the screen's markup inside the template's container. */
export const MEMBER_SCREEN_MARKER = '<!--member-screen-->';

export { MEMBER_SCREEN_ATTRIBUTE } from './container';
export { STORED_HINT_COOKIE } from '../stored-hint';

/** The template of one screen in one language, inside the built client. */
export function memberScreenFile(screen: MemberScreen, language: Language): string {
  return `${PRERENDER_DIR}/member-screen/${screen}/${language}.html`;
}

/**
 * The folder of the build's Node renderer (the SSR entry and its chunks) inside the built client;
 * the manifest names its entry file (`renderer`).
 */
export const RENDERER_DIR = `${PRERENDER_DIR}/renderer`;

/**
 * The renderer's export (src/prerender/member-screen.tsx), as the server calls it: the markup of
 * `path`'s screen drawn from `answers`, without its `<title>`, and the title's text.
 */
export type RenderMemberScreen = (
  path: string,
  language: Language,
  messages: Record<string, unknown>,
  answers: FirstAnswers,
) => Promise<{ html: string; title: string }>;
