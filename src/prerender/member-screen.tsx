/**
 * A member's first screen rendered by the server at request time (server/services/member-page.ts):
 * /members, /likes or /chats drawn from the answers the page carries, exactly as the app's first
 * render on a device with no database draws them, so a cold phone paints the cards before any
 * script has run. The app renders the same screen from the same answers and takes over
 * (src/prerender/reveal.ts).
 */
import type { User } from '../shared/contract/account';
import type { Language } from '../shared/contract/fields';
import type { FirstAnswers } from '../shared/first-answers';
import { withFirstAnswers } from '../app/session/first-answers';
import { createSessionStore, type SessionApi } from '../app/session/session-store';
import { assumeNothingStored } from '../db/nothing-stored';
import { renderRoute, titleOf } from './render-route';

const never = <T,>() => new Promise<T>(() => undefined);

/** The member of the answers: ready at once, and nothing is ever asked of a worker or the network. */
function memberApi(answers: FirstAnswers): SessionApi {
  return {
    storedUser: async (): Promise<User> => answers.user,
    storedSettings: async () => answers.settings ?? null,
    fetchUser: never,
    fetchSettings: never,
    fetchStoredSettings: never,
    login: never,
    logout: async () => undefined,
    mayHaveSession: () => true,
    forgetSessionHint: () => undefined,
    watchUser: () => () => undefined,
    storedBan: async () => null,
    watchBan: () => () => undefined,
    afterFirstScreen: never,
    firstAnswers: () => answers,
  };
}

/** The markup of `path`'s screen for the member of `answers`, in `language`, and its title. */
export async function renderMemberScreen(
  path: string,
  language: Language,
  messages: Record<string, unknown>,
  answers: FirstAnswers,
): Promise<{ html: string; title: string }> {
  const session = createSessionStore(memberApi(answers));
  // Both settle at once from the answers (the store waits for the first screen only after that).
  void session.refreshUser();
  void session.refreshSettings();
  assumeNothingStored();
  const { html } = await renderRoute(path, language, messages, session, {
    prerendering: false,
    around: (render) => withFirstAnswers(answers, render),
  });
  return { html: html.replace(/<title>[\s\S]*?<\/title>/, ''), title: titleOf(html) };
}
