/**
 * A member's first screen rendered by the server at request time (server/services/member-page.ts):
 * /members, /likes, /chats or a conversation drawn from the answers the page carries, exactly as the app's first
 * render on a device with no database draws them, so a cold phone paints the cards before any
 * script has run. The app renders the same screen from the same answers and takes over
 * (src/prerender/reveal.ts).
 */
import type { RenderMemberScreen } from '../shared/prerender/member-screens';
import { withFirstAnswers } from '../app/session/first-answers';
import { assumeNothingStored } from '../db/nothing-stored';
import { renderRoute, titleOf } from './render-route';
import { serverSession } from './server-session';

/** The markup of `path`'s screen for the member of `answers`, in `language`, and its title. */
export const renderMemberScreen: RenderMemberScreen = async (path, language, messages, answers) => {
  const session = serverSession(answers);
  assumeNothingStored();
  const { html } = await renderRoute(path, language, messages, session, {
    prerendering: false,
    around: (render) => withFirstAnswers(answers, render),
  });
  return { html: html.replace(/<title>[\s\S]*?<\/title>/, ''), title: titleOf(html) };
};
