/** Renders the real route table in a memory router with a fake session, like main.tsx does. */
import { render } from '@testing-library/react';
import {
  createMemoryRouter,
  matchRoutes,
  RouterProvider,
  type RouteObject,
} from 'react-router-dom';
import type { User } from '../../../src/shared/contract/account';
import type { Settings } from '../../../src/shared/contract/settings';
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
  /** Further paths the test goes to (links, redirects): their screens load before the render too. */
  next?: string[];
}

/**
 * Loads the lazy screens of the routes each path matches through the routes' own `lazy`
 * functions, so that the router, asking the same functions, finds its modules loaded. A first
 * import of a screen and all it imports can take seconds on a busy machine: a test awaits it
 * here instead of racing it with its first query.
 */
export async function loadRouteScreens(routes: RouteObject[], paths: string[]): Promise<void> {
  const loads = paths.flatMap((path) =>
    (matchRoutes(routes, path) ?? []).flatMap(({ route }): unknown[] => {
      const { lazy } = route;
      if (!lazy) return [];
      if (typeof lazy === 'function') return [lazy()];
      return Object.values<(() => Promise<unknown>) | undefined>(lazy).map((load) => load?.());
    }),
  );
  await Promise.all(loads);
}

/** Renders `path` once its screen (and those of `options.next`) has loaded. */
export async function renderApp(path: string, options: AppOptions = {}) {
  let settleUser: () => void = () => undefined;
  let userAsked: () => void = () => undefined;
  const asked = new Promise<void>((resolve) => (userAsked = resolve));
  const user = options.user === undefined ? null : options.user;
  const api: SessionApi = {
    fetchUser: () =>
      new Promise<User>((resolve, reject) => {
        userAsked();
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
  const routes = createRoutes(session);
  await loadRouteScreens(routes, [path, ...(options.next ?? [])]);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <SessionProvider store={session}>
      <TemplateProvider>
        <RouterProvider router={router} />
      </TemplateProvider>
    </SessionProvider>,
  );
  return {
    ...view,
    router,
    session,
    /** Settles once the session has asked for the user (with `deferUser`, the call then waits). */
    userAsked: asked,
    settleUser: () => settleUser(),
  };
}

export { demoUser };
