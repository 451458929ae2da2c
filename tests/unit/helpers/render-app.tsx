/** Renders the real route table in a memory router with a fake session, like main.tsx does. */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { Settings, User } from '../../../src/api/contract';
import { ApiFailure } from '../../../src/api/failure';
import { SessionProvider } from '../../../src/app/session/SessionProvider';
import { createSessionStore, type SessionApi } from '../../../src/app/session/session-store';
import { TemplateProvider } from '../../../src/app/template/TemplateProvider';
import { createRoutes } from '../../../src/routes';
import { demoSettings, demoUser } from './fixtures';

export interface AppOptions {
  user?: User | null;
  /** Resolve the user call later (returns a function that settles it). */
  deferUser?: boolean;
  settings?: Settings;
  /** What the sync worker's login answers. */
  login?: SessionApi['login'];
  /** Where the page hears of a stored ban (default: never). */
  watchBan?: SessionApi['watchBan'];
  /** The ban the worker stored (default: none). */
  storedBan?: SessionApi['storedBan'];
}

export function renderApp(path: string, options: AppOptions = {}) {
  let settleUser: () => void = () => undefined;
  const user = options.user === undefined ? null : options.user;
  const api: SessionApi = {
    fetchUser: () =>
      new Promise<User>((resolve, reject) => {
        const settle = () =>
          user ? resolve(user) : reject(new ApiFailure('forbidden', 'GET /api/user.php', 403));
        if (options.deferUser) settleUser = settle;
        else settle();
      }),
    fetchSettings: async () => options.settings ?? demoSettings(),
    logout: async () => undefined,
    login:
      options.login ??
      (async () => {
        throw new Error('login is not part of this render');
      }),
    storedUser: async () => null,
    mayHaveSession: () => true,
    forgetSessionHint: () => undefined,
    watchUser: () => () => undefined,
    watchBan: options.watchBan ?? (() => () => undefined),
    storedBan: options.storedBan ?? (async () => null),
  };
  const session = createSessionStore(api);
  void session.refresh();
  const router = createMemoryRouter(createRoutes(session), { initialEntries: [path] });
  const view = render(
    <SessionProvider store={session}>
      <TemplateProvider>
        <RouterProvider router={router} />
      </TemplateProvider>
    </SessionProvider>,
  );
  return { ...view, router, session, settleUser: () => settleUser() };
}

export { demoUser };
