/**
 * The session store of a render in Node (render-route.tsx), which never asks a worker or the
 * network: without answers a visitor's, ready with no user; with a member's first answers that
 * member's, ready at once with the answers' user and settings.
 */
import { createSessionStore, type SessionStore } from '../app/session/session-store';
import type { FirstAnswers } from '../shared/first-answers';

const never = <T>() => new Promise<T>(() => undefined);
const nothing = () => undefined;

export function serverSession(answers: FirstAnswers | null): SessionStore {
  const session = createSessionStore({
    storedUser: async () => null,
    fetchUser: never,
    fetchSettings: never,
    login: never,
    logout: async () => undefined,
    mayHaveSession: () => answers !== null,
    forgetSessionHint: nothing,
    watchUser: () => nothing,
    storedBan: async () => null,
    watchBan: () => nothing,
    // What would follow the first screen never comes: the render is that screen.
    afterFirstScreen: never,
    firstAnswers: () => answers,
  });
  // Both settle at once (the store waits for the first screen only after that).
  void session.refresh();
  return session;
}
