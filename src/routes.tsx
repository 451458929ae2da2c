/**
 * Joins every entry of the route table (and its aliases) to a lazy screen, a layout, the auth
 * level and the validity rule (SPEC §2). Unknown paths end on the 404 error page.
 */
import type { ComponentType } from 'react';
import { redirect, type LoaderFunction, type RouteObject } from 'react-router-dom';
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
import { ROUTES, type LayoutName, type RouteDef } from './app/route-table';
import type { SessionStore } from './app/session/session-store';

type ScreenModule = Promise<{ default: ComponentType }>;

/** Screens built so far; every other screen key shows the pending screen until its issue lands. */
const SCREENS: Record<string, () => ScreenModule> = {
  home: () => import('./features/home/HomeScreen'),
  login: () => import('./features/login/LoginScreen'),
  signup: () => import('./features/signup/SignupScreen'),
  completeSignup: () => import('./features/signup/CompleteSignupScreen'),
  members: () => import('./features/members/MembersScreen'),
  member: () => import('./features/members/MemberScreen'),
  likes: () => import('./features/likes/LikesScreen'),
  activateDone: () => import('./features/activate/ActivateResultScreen'),
  activateError: () => import('./features/activate/ActivateResultScreen'),
  notifications: () => import('./features/notifications/NotificationsScreen'),
  chats: () => import('./features/chats/ChatsScreen'),
  chat: () => import('./features/chats/ChatScreen'),
  memberChat: () => import('./features/chats/MemberChatScreen'),
  staticPage: () => import('./features/pages/StaticPageScreen'),
  dev: () => import('./features/dev/DevScreen'),
  profile: () => import('./features/profile/ProfileScreen'),
  premium: () => import('./features/premium/PremiumScreen'),
  resetPassword: () => import('./features/reset-password/ResetPasswordScreen'),
  resetPasswordDo: () => import('./features/reset-password/ResetPasswordDoScreen'),
  mailChange: () => import('./features/mail-change/MailChangeScreen'),
  accountDeleted: () => import('./features/account/AccountDeletedScreen'),
  credits: () => import('./features/credits/CreditsScreen'),
  transaction: () => import('./features/transactions/TransactionScreen'),
  complaints: () => import('./features/complaints/ComplaintsScreen'),
};
const pendingScreen = () => import('./features/pending/PendingScreen');

const LAYOUTS: Record<LayoutName, ComponentType> = {
  default: DefaultLayout,
  chat: ChatLayout,
  empty: EmptyLayout,
  lander: LanderLayout,
};

/** Validity rule, then auth level; a login-required route waits for the first user fetch. */
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
    return null;
  };
}

function leaf(def: RouteDef, path: string, session: SessionStore): RouteObject {
  const load = SCREENS[def.screen] ?? pendingScreen;
  const handle: RouteHandle = { route: def };
  return {
    path,
    handle,
    loader: guardLoader(def, session),
    lazy: { Component: async () => (await load()).default },
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
