/**
 * The page side of a ban: from whatever screen is open, the shell goes to /pages/ban once the
 * worker stores a ban, and the page shows its reason, its date and the way to object.
 */
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNED_KEY } from '../../src/shared/contract/fields';
import { ApiFailure } from '../../src/api/failure';
import { authDecision } from '../../src/app/auth-redirect';
import { createSessionStore, type SessionApi } from '../../src/app/session/session-store';
import { storedBan, watchBan } from '../../src/app/session/worker-session';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { getDb } from '../../src/db/db';
import { kvPut, type StoredBan } from '../../src/db/kv';
import { chat } from './helpers/fake-backend';
import { demoSettings, demoUser } from './helpers/fixtures';
import { setupI18n } from './helpers/i18n';
import { renderApp } from './helpers/render-app';
import { createHarness } from './helpers/sync-harness';

type Harness = ReturnType<typeof createHarness>;
const worker = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../src/bridges/worker-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof Bridge>()),
  getSync: () => worker.current,
  useSync: () => worker.current,
}));

const BAN = { reason: 'Asking members for money', since: '2026-11-20T10:00:00.000Z' };
const banned = {
  status: 403,
  body: { statusCode: 403, error: 'Forbidden', message: 'Banned', key: BANNED_KEY, ban: BAN },
};

let current: Harness | undefined;

/** A logged-in member with one conversation, the worker writing the page's database. */
async function start(): Promise<Harness> {
  const h = createHarness({ db: getDb() });
  current = h;
  worker.current = h.api;
  h.backend.user = demoUser();
  h.backend.chats = [chat(1, 0, '2026-01-02T00:00:00Z')];
  h.backend.override('GET /api/chat.php', {
    body: {
      conversation: 1,
      msg: [
        {
          id: 1,
          conversation: 1,
          sender: 501,
          msg: 'Hi there',
          client_id: null,
          created_at: '2026-01-02T00:00:00Z',
          read_at: null,
        },
      ],
    },
  });
  await h.api.refreshUser();
  await h.api.refreshChats();
  return h;
}

// happy-dom lays nothing out: give the message pane a size so the virtualizer draws rows.
const size = (value: number) => ({ configurable: true, get: () => value });
beforeAll(async () => {
  await setupI18n();
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', size(600));
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', size(390));
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', size(600));
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', size(390));
});
beforeEach(async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const db = getDb();
  await Promise.all(db.tables.map((table) => table.clear()));
});
afterEach(() => {
  cleanup();
  current?.sync.stop();
  vi.restoreAllMocks();
});

describe('a ban on the page', () => {
  it('takes a member in an open chat to /pages/ban with the reason, the date and the way to object', async () => {
    const h = await start();
    const { router } = await renderApp('/chats/1', {
      user: demoUser(),
      watchBan,
      storedBan,
      next: ['/pages/ban'],
    });
    expect(await screen.findByText('Hi there')).toBeTruthy();

    h.backend.override('GET /api/user.php', banned);
    await h.api.refreshUser();

    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/ban'));
    const card = await screen.findByRole('region', { name: 'Why your account was banned' });
    expect(within(card).getByText(BAN.reason)).toBeTruthy();
    expect(within(card).getByText('Banned on November 20, 2026')).toBeTruthy();
    const link = within(card).getByRole('link', { name: 'Think this is a mistake? Tell us' });
    expect(link.getAttribute('href')).toBe('/complaints');
    // The general text follows the card.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Your account has been banned',
    );
  });

  it('also follows a ban that another tab’s worker stored, from a public screen', async () => {
    await start();
    const { router } = await renderApp('/pages/faq', { user: demoUser(), watchBan, storedBan });
    await screen.findByRole('heading', { level: 1 });
    // Another tab's worker writes the same database.
    const other = createHarness({ db: getDb() });
    other.backend.override('GET /api/user.php', banned);
    await other.api.refreshUser();
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/ban'));
    other.sync.stop();
  });

  it('shows the general text alone while this device holds no ban, the card once one is stored', async () => {
    await renderApp('/pages/ban', { user: null, watchBan, storedBan });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Your account has been banned',
    );
    expect(screen.queryByRole('region', { name: 'Why your account was banned' })).toBeNull();
    await kvPut(getDb(), 'ban', { ...BAN, noticedAt: Date.now() });
    const card = await screen.findByRole('region', { name: 'Why your account was banned' });
    expect(within(card).getByText(BAN.reason)).toBeTruthy();
  });
});

describe('the session store and stored bans', () => {
  function storeWith(bans: Array<StoredBan | null>) {
    let push: (ban: StoredBan | null) => void = () => undefined;
    const api: SessionApi = {
      fetchUser: async () => demoUser(),
      fetchSettings: async () => demoSettings(),
      logout: async () => undefined,
      login: async () => demoUser(),
      storedUser: async () => null,
      mayHaveSession: () => true,
      forgetSessionHint: () => undefined,
      watchUser: () => () => undefined,
      watchBan: (listener) => {
        push = listener;
        bans.forEach(listener);
        return () => undefined;
      },
      storedBan: async () => null,
    };
    return { api, store: createSessionStore(api), push: (ban: StoredBan | null) => push(ban) };
  }

  it('reports each ban noticed while the page is open once, and none from before it loaded', async () => {
    const old = { ...BAN, noticedAt: Date.now() - 60_000 };
    const { store, push } = storeWith([old]);
    const seen: StoredBan[] = [];
    store.onBanned((ban) => seen.push(ban));
    await store.refresh();
    expect(seen).toEqual([]);
    const fresh = { ...BAN, noticedAt: Date.now() + 1 };
    push(fresh);
    push(fresh);
    push(null);
    expect(seen).toEqual([fresh]);
  });

  it('watches before a login, so a banned member’s login is followed too', async () => {
    const { store, push } = storeWith([]);
    const seen: StoredBan[] = [];
    store.onBanned((ban) => seen.push(ban));
    // No session at all: nothing is watched until the login starts.
    const login = store.login('demo@example.com', 'secret');
    push({ ...BAN, noticedAt: Date.now() + 1 });
    await login;
    expect(seen).toHaveLength(1);
  });

  it('decides for the ban page when the user is cleared before the ban watch reports', async () => {
    const fresh = { ...BAN, noticedAt: Date.now() + 1 };
    let pushUser: (user: ReturnType<typeof demoUser> | null) => void = () => undefined;
    const store = createSessionStore({
      ...storeWith([]).api,
      watchUser: (listener) => ((pushUser = listener), () => undefined),
      storedBan: async () => fresh,
    });
    await store.refresh();
    const seen: StoredBan[] = [];
    store.onBanned((ban) => seen.push(ban));
    pushUser(demoUser());
    pushUser(null);
    await waitFor(() => expect(store.getState().user).toBeNull());
    expect(store.getState().ban).toEqual(fresh);
    expect(authDecision('default', store.getState(), { pathname: '/chats' })).toEqual({
      type: 'redirect',
      to: '/pages/ban',
    });
    expect(seen).toEqual([fresh]);
  });

  it('decides for the ban page when the user call itself is refused by the ban', async () => {
    const fresh = { ...BAN, noticedAt: Date.now() + 1 };
    const store = createSessionStore({
      ...storeWith([]).api,
      fetchUser: () => Promise.reject(new ApiFailure('forbidden', 'GET /api/user.php', 403)),
      storedBan: async () => fresh,
    });
    await store.refresh();
    expect(store.getState()).toMatchObject({ user: null, ban: fresh });
    // Someone logs in afterwards: the ban was the session before.
    await store.login('demo@example.com', 'secret');
    expect(store.getState().ban).toBeNull();
    expect(authDecision('default', store.getState(), { pathname: '/chats' })).toEqual({
      type: 'allow',
    });
  });

  it('keeps a ban written before the page loaded readable for the ban page', async () => {
    await kvPut(getDb(), 'ban', { ...BAN, noticedAt: 1 });
    await renderApp('/pages/ban', { user: null, watchBan, storedBan });
    const card = await screen.findByRole('region', { name: 'Why your account was banned' });
    expect(within(card).getByText(BAN.reason)).toBeTruthy();
  });
});
