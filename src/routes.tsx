/**
 * Joins every entry of the route table (and its aliases) to a lazy screen, a layout, the auth
 * level and the validity rule (SPEC §2). Unknown paths end on the 404 error page.
 */
import type { ComponentType } from 'react';
import { matchRoutes, redirect, type LoaderFunction, type RouteObject } from 'react-router-dom';
import { authDecision } from './app/auth-redirect';
import { RouteErrorScreen } from './app/error/RouteErrorScreen';
import { RootErrorScreen } from './app/error/RootErrorScreen';
import { notFound } from './app/error/page-error';
import { ChatLayout } from './app/layouts/ChatLayout';
import { DefaultLayout } from './app/layouts/DefaultLayout';
import { EmptyLayout } from './app/layouts/EmptyLayout';
import { LanderLayout } from './app/layouts/LanderLayout';
import { BootProgress } from './app/loading-bar/BootProgress';
import { RootLayout } from './app/RootLayout';
import { NOT_FOUND_ROUTE, type RouteHandle } from './app/route-handle';
import { ROUTES, type LayoutName, type RouteDef, type RouteRole } from './shared/route-table';
import type { SessionStore } from './app/session/session-store';
import { prerenderedScreenModule } from './prerender/first-screen';
import { withReveal } from './prerender/RevealWhenMounted';
import type { ScreenModule } from './screens';

/**
 * A screen's module. The prerendered page's own screen is imported by the address the page names,
 * its files already on their way; any other goes through src/screens.ts, the map of every screen
 * with the files each needs, which the entry does not carry (a page loads it after its first paint).
 */
function loadScreen(screen: string): Promise<ScreenModule> {
  const address = prerenderedScreenModule(screen);
  if (address) return import(/* @vite-ignore */ address) as Promise<ScreenModule>;
  return import('./screens').then((screens) => screens.loadScreen(screen));
}

const LAYOUTS: Record<LayoutName, ComponentType> = {
  default: DefaultLayout,
  chat: ChatLayout,
  empty: EmptyLayout,
  lander: LanderLayout,
};

/** The user shown may be the stored copy from before a role was granted: ask again before a 404. */
async function holdsRole(session: SessionStore, role: RouteRole): Promise<boolean> {
  if (session.getState().user?.[role] === true) return true;
  await session.refreshUser();
  return session.getState().user?.[role] === true;
}

/**
 * Validity rule, then auth level; a login-required route waits for the first user fetch. A
 * route of a role (moderators, stats) is a 404 for everyone else, like a path that does not exist.
 */
export function guardLoader(def: RouteDef, session: SessionStore): LoaderFunction | undefined {
  if (!def.valid && def.auth !== 'default') return undefined;
  return async ({ params, request }) => {
    const url = new URL(request.url);
    if (def.valid && !def.valid(params)) notFound(url.pathname);
    if (def.auth === 'default') {
      await session.settled();
      const decision = authDecision(def.auth, session.getState(), url);
      if (decision.type === 'redirect') throw redirect(decision.to);
    }
    if (def.role && !(await holdsRole(session, def.role))) notFound(url.pathname);
    return null;
  };
}

function leaf(def: RouteDef, path: string, session: SessionStore): RouteObject {
  const handle: RouteHandle = { route: def };
  return {
    path,
    handle,
    loader: guardLoader(def, session),
    lazy: { Component: async () => withReveal((await loadScreen(def.screen)).default) },
    errorElement: <RouteErrorScreen />,
    HydrateFallback: BootProgress,
  };
}

const notFoundRoute: RouteObject = {
  path: '*',
  handle: { route: NOT_FOUND_ROUTE } satisfies RouteHandle,
  loader: ({ request }) => notFound(new URL(request.url).pathname),
  Component: () => null,
  errorElement: <RouteErrorScreen />,
  HydrateFallback: BootProgress,
};

/**
 * Starts loading the screen the router will match for `pathname`, before the router exists (the
 * app shell's first screen, src/main.tsx); nothing for a path that ends on the 404 page.
 */
export function preloadScreen(
  routes: RouteObject[],
  pathname: string,
): Promise<ScreenModule> | null {
  const match = matchRoutes(routes, pathname)?.at(-1);
  const def = (match?.route.handle as RouteHandle | undefined)?.route;
  if (!match || !def || def === NOT_FOUND_ROUTE || (def.valid && !def.valid(match.params)))
    return null;
  return loadScreen(def.screen);
}

/** The router's route objects; `session` is the store the loaders wait on. */
export function createRoutes(session: SessionStore): RouteObject[] {
  const children = (Object.keys(LAYOUTS) as LayoutName[]).map((layout): RouteObject => ({
    Component: LAYOUTS[layout],
    children: [
      ...ROUTES.filter((def) => def.layout === layout).flatMap((def) =>
        [def.path, ...(def.aliases ?? [])].map((path) => leaf(def, path, session)),
      ),
      ...(layout === 'default' ? [notFoundRoute] : []),
    ],
  }));
  return [{ id: 'root', Component: RootLayout, errorElement: <RootErrorScreen />, children }];
}
