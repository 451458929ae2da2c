/**
 * Shared set-up of the sign-up wizard tests: the real route table and session store over the
 * sync worker on a fake backend, and a push bridge the test controls.
 */
import 'fake-indexeddb/auto';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import type { User, UserProfile } from '../../src/shared/contract/account';
import type { Settings } from '../../src/shared/contract/settings';
import { SessionProvider } from '../../src/app/session/SessionProvider';
import { createSessionStore } from '../../src/app/session/session-store';
import { TemplateProvider } from '../../src/app/template/TemplateProvider';
import type { PushBridge } from '../../src/bridges/push-bridge';
import { createStore } from '../../src/bridges/store';
import { getDb } from '../../src/db/db';
import { currentUser } from '../../src/db/queries';
import { pushState, type PushStatus } from '../../src/shared/push-state';
import { createRoutes } from '../../src/routes';
import { demoSettings, demoUser } from './helpers/fixtures';
import { loadRouteScreens } from './helpers/render-app';
import type { createHarness } from './helpers/sync-harness';

export type Harness = ReturnType<typeof createHarness>;

/** A member whose profile is still empty, as right after account creation. */
export function newcomer(overrides: Partial<UserProfile> = {}): User {
  const base = demoUser({ id: 31, email: 'anna@example.com', mailprovider: 1, activated: false });
  return {
    ...base,
    profile: {
      ...base.profile,
      id: 31,
      name: 'Anna',
      country: null,
      countryregion: null,
      city: null,
      gender: null,
      date_of_birth: null,
      personal: null,
      lastSignupStep: false,
      ...overrides,
    },
  };
}

/** A push bridge whose state the test sets; subscribe succeeds. */
export function fakePush(initial: Partial<PushStatus> = {}): PushBridge {
  const status = createStore<PushStatus>({
    isCapable: true,
    isSubscribed: false,
    lastMessage: null,
    busy: false,
    failed: false,
    ...initial,
  });
  return {
    status,
    refresh: vi.fn(async () => pushState(status.get())),
    subscribe: vi.fn(async () => {
      status.patch({ isSubscribed: '{"endpoint":"https://push.example/1"}' });
      return pushState(status.get());
    }),
    unsubscribe: vi.fn(async () => pushState(status.get())),
  };
}

/** Answers the wizard's calls like the server: validate_email, sign-up, updates, activation. */
export function wizardBackend(h: Harness, created: User = newcomer()) {
  const statuses = new Map<string, string>();
  h.backend.override('GET /api/validate_email.php', (request) => {
    const email = request.query.get('email') ?? '';
    return {
      body: {
        status: statuses.get(email) ?? 'new',
        token: `tok-${email}`,
        email,
        request_email: email,
      },
    };
  });
  h.backend.override('POST /api/user.php', () => {
    h.backend.user = created;
    return { body: { user: created } };
  });
  h.backend.override('PUT /api/user.php', () => ({ body: { user: h.backend.user } }));
  h.backend.override('POST /api/profileimage.php', () => ({ body: { user: h.backend.user } }));
  h.backend.override('GET /api/activate.php', { body: { delivered: false } });
  h.backend.override('GET /api/profile_fields.php', {
    body: { smoking: { type: 'select', allowed_values: ['no', 'occasionally', 'yes'] } },
  });
  return { statuses };
}

/**
 * Renders `path` with the real session store reading the user through the harness worker, once
 * its screen (and those of `next`, the paths the test goes on to) has loaded.
 */
export async function renderSignup(
  h: Harness,
  path: string,
  { settings = demoSettings(), next = [] }: { settings?: Settings; next?: string[] } = {},
) {
  const session = createSessionStore({
    storedUser: () => currentUser(getDb()),
    fetchUser: () => h.api.refreshUser(),
    fetchSettings: async () => settings,
    login: (email, password) => h.api.login(email, password),
    logout: async () => undefined,
    mayHaveSession: () => true,
    forgetSessionHint: () => undefined,
    watchUser: () => () => undefined,
    watchBan: () => () => undefined,
    storedBan: async () => null,
  });
  void session.refresh();
  const routes = createRoutes(session);
  await loadRouteScreens(routes, [path, ...next]);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <SessionProvider store={session}>
      <TemplateProvider>
        <RouterProvider router={router} />
      </TemplateProvider>
    </SessionProvider>,
  );
  return { ...view, router, session };
}

/** navigator.geolocation that always answers "permission denied". */
export function denyGeolocation() {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (_ok: unknown, fail: (error: { code: number }) => void) =>
        fail({ code: 1 }),
    },
  });
}
