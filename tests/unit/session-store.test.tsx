import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { ApiFailure } from '../../src/api/failure';
import {
  createSessionStore,
  LOGOUT_FLAG_RESET_MS,
  type SessionApi,
} from '../../src/app/session/session-store';
import { SessionContext } from '../../src/app/session/session-context';
import { useSettingsNow } from '../../src/app/session/use-settings-now';
import { nextTask } from '../../src/lib/next-task';
import { demoSettings, demoUser } from './helpers/fixtures';

function api(overrides: Partial<SessionApi> = {}): SessionApi {
  return {
    fetchUser: async () => demoUser(),
    fetchSettings: async () => demoSettings(),
    logout: async () => undefined,
    login: async () => demoUser(),
    storedUser: async () => null,
    mayHaveSession: () => true,
    forgetSessionHint: () => undefined,
    watchUser: () => () => undefined,
    watchBan: () => () => undefined,
    storedBan: async () => null,
    ...overrides,
  };
}

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('session store', () => {
  it('draws at once from the answers the server wrote into the page, and asks again after the screen', async () => {
    let screenUp: () => void = () => undefined;
    const shown = new Promise<void>((resolve) => (screenUp = resolve));
    const afterFirstScreen = () => shown;
    const storedUser = vi.fn(async () => null);
    const fetchUser = vi.fn(async () => ({ ...demoUser(), credits: 99 }));
    const fetchSettings = vi.fn(async () => ({ ...demoSettings(), name: 'Amora fresh' }));
    const store = createSessionStore(
      api({
        storedUser,
        fetchUser,
        fetchSettings,
        afterFirstScreen,
        firstAnswers: () => ({ user: demoUser(), settings: demoSettings() }),
      }),
    );
    const refreshed = store.refresh();
    await expect(store.settled()).resolves.toMatchObject({ status: 'ready', user: { id: 7 } });
    expect(store.getState().settings).toMatchObject({ name: 'Amora' });
    // Nothing asked of the worker or the server before the first screen is up.
    expect(storedUser).not.toHaveBeenCalled();
    expect(fetchUser).not.toHaveBeenCalled();
    expect(fetchSettings).not.toHaveBeenCalled();
    screenUp();
    await refreshed;
    expect(fetchUser).toHaveBeenCalledOnce();
    expect(store.getState()).toMatchObject({
      user: { credits: 99 },
      settings: { name: 'Amora fresh' },
    });
  });

  it('asks for the settings only after the first screen when the page has no answers for them', async () => {
    let screenUp: () => void = () => undefined;
    const shown = new Promise<void>((resolve) => (screenUp = resolve));
    const fetchSettings = vi.fn(async () => demoSettings());
    const store = createSessionStore(api({ fetchSettings, afterFirstScreen: () => shown }));
    const refreshed = store.refreshSettings({ afterFirstScreen: true });
    await nextTask();
    expect(fetchSettings).not.toHaveBeenCalled();
    expect(store.getState().settings).toBeNull();
    screenUp();
    await refreshed;
    expect(fetchSettings).toHaveBeenCalledOnce();
    expect(store.getState().settings).toMatchObject({ name: 'Amora' });
    // Asked without the option (a screen that needs them now), the call goes at once.
    await store.refreshSettings();
    expect(fetchSettings).toHaveBeenCalledTimes(2);
  });

  it('draws from the stored user and the stored settings together', async () => {
    const store = createSessionStore(
      api({
        storedUser: async () => demoUser(),
        storedSettings: async () => ({ ...demoSettings(), cdn_prefix: 'https://cdn.example/' }),
        fetchUser: () => new Promise(() => undefined),
      }),
    );
    const states: { ready: boolean; cdn: string | undefined }[] = [];
    store.subscribe(() => {
      const { status, settings } = store.getState();
      states.push({ ready: status === 'ready', cdn: settings?.cdn_prefix });
    });
    void store.refreshUser();
    await expect(store.settled()).resolves.toMatchObject({
      user: { id: 7 },
      settings: { cdn_prefix: 'https://cdn.example/' },
    });
    // No state was ready without the settings: the first screen has the photos' prefix.
    expect(states.filter((s) => s.ready && s.cdn === undefined)).toEqual([]);
  });

  it('does not use the page answers without a session hint', async () => {
    const store = createSessionStore(
      api({ mayHaveSession: () => false, firstAnswers: () => ({ user: demoUser() }) }),
    );
    await store.refreshUser();
    expect(store.getState()).toMatchObject({ status: 'ready', user: null });
  });

  it('forgets the session hint when the user call says logged out', async () => {
    const forgetSessionHint = vi.fn();
    const store = createSessionStore(api({ fetchUser: async () => null, forgetSessionHint }));
    await store.refresh();
    expect(store.getState()).toMatchObject({ status: 'ready', user: null });
    expect(forgetSessionHint).toHaveBeenCalledOnce();
  });

  it('is loading until the user call settles, then holds user and settings', async () => {
    const store = createSessionStore(api());
    expect(store.getState().status).toBe('loading');
    await store.refresh();
    expect(store.getState()).toMatchObject({
      status: 'ready',
      user: { id: 7 },
      settings: { name: 'Amora' },
    });
    await expect(store.settled()).resolves.toMatchObject({ status: 'ready' });
  });

  it('skips the user call when there is no session cookie at all', async () => {
    const fetchUser = vi.fn(async () => demoUser());
    const store = createSessionStore(api({ fetchUser, mayHaveSession: () => false }));
    await store.refresh();
    expect(fetchUser).not.toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ status: 'ready', user: null });
  });

  it('treats a 403 on the user call (the worker answers null) as logged out', async () => {
    const store = createSessionStore(api({ fetchUser: async () => null }));
    store.setUser(demoUser());
    await store.refreshUser();
    expect(store.getState().user).toBeNull();
  });

  it('asks the server for a stored user only once the first screen is on the page', async () => {
    let screenShown: () => void = () => undefined;
    const fetchUser = vi.fn(async () => demoUser());
    const store = createSessionStore(
      api({
        storedUser: async () => demoUser(),
        fetchUser,
        afterFirstScreen: () => new Promise<void>((resolve) => (screenShown = resolve)),
      }),
    );
    const refreshed = store.refreshUser();
    await waitFor(() =>
      expect(store.getState()).toMatchObject({ status: 'ready', user: { id: 7 } }),
    );
    // The screen draws from the stored copy; the sync worker that fetches the user has not started.
    await nextTask();
    expect(fetchUser).not.toHaveBeenCalled();
    screenShown();
    await refreshed;
    expect(fetchUser).toHaveBeenCalledOnce();
  });

  it('asks the server at once when nothing is stored', async () => {
    const afterFirstScreen = vi.fn(() => new Promise<void>(() => undefined));
    const fetchUser = vi.fn(async () => demoUser());
    const store = createSessionStore(api({ fetchUser, afterFirstScreen }));
    await store.refreshUser();
    expect(fetchUser).toHaveBeenCalledOnce();
    expect(afterFirstScreen).not.toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ status: 'ready', user: { id: 7 } });
  });

  it('renders at once from the stored user while the network is down', async () => {
    let failFetch: (e: unknown) => void = () => undefined;
    const store = createSessionStore(
      api({
        storedUser: async () => demoUser(),
        fetchUser: () => new Promise((_resolve, reject) => (failFetch = reject)),
      }),
    );
    const refreshing = store.refreshUser();
    await expect(store.settled()).resolves.toMatchObject({ status: 'ready', user: { id: 7 } });
    failFetch({ kind: 'network', message: 'offline' });
    await refreshing;
    expect(store.getState().user?.id).toBe(7);
  });

  it('follows the user the worker stores, e.g. cleared by a 403 in another tab', async () => {
    let push: (user: ReturnType<typeof demoUser> | null) => void = () => undefined;
    const store = createSessionStore(
      api({ watchUser: (listener) => ((push = listener), () => undefined) }),
    );
    await store.refresh();
    expect(store.getState().user?.id).toBe(7);
    push(demoUser());
    push(null);
    await waitFor(() => expect(store.getState().user).toBeNull());
    expect(store.getState().ban).toBeNull();
  });

  it('keeps a member who logs in while an older “no user” from the worker is still being read', async () => {
    let push: (user: ReturnType<typeof demoUser> | null) => void = () => undefined;
    let readBan: () => void = () => undefined;
    const store = createSessionStore(
      api({
        mayHaveSession: () => false,
        watchUser: (listener) => ((push = listener), () => undefined),
        storedBan: () => new Promise((resolve) => (readBan = () => resolve(null))),
      }),
    );
    await store.refresh();
    const login = store.login('demo@example.com', 'secret');
    store.setUser(demoUser());
    // The watch's first answer was read before the login stored the user.
    push(null);
    await login;
    readBan();
    // Whatever that "no user" set going runs in promise callbacks: all have run by the next task.
    await nextTask();
    expect(store.getState().user?.id).toBe(7);
  });

  it('keeps a member who logged in while the first user call was still on its way', async () => {
    let answer: ((user: ReturnType<typeof demoUser> | null) => void) | null = null;
    const store = createSessionStore(
      api({ fetchUser: () => new Promise((resolve) => (answer = resolve)) }),
    );
    const first = store.refreshUser(); // an expired session: the server will say "nobody"
    await waitFor(() => expect(answer).not.toBeNull()); // the call has left
    await store.login('demo@example.com', 'secret');
    answer!(null);
    await first;
    expect(store.getState()).toMatchObject({ status: 'ready', user: { id: 7 } });
  });

  it('logs in through the worker and forgets the session hint on logout', async () => {
    const forgetSessionHint = vi.fn();
    const store = createSessionStore(api({ forgetSessionHint, mayHaveSession: () => false }));
    await store.refresh();
    expect(store.getState().user).toBeNull();
    await store.login('demo@example.com', 'secret');
    expect(store.getState().user?.id).toBe(7);
    await store.logout();
    expect(forgetSessionHint).toHaveBeenCalledOnce();
    expect(store.getState().user).toBeNull();
  });

  it('keeps the member when the network is down', async () => {
    const store = createSessionStore(
      api({ fetchUser: () => Promise.reject(new ApiFailure('network', 'GET /api/user.php')) }),
    );
    store.setUser(demoUser());
    await store.refreshUser();
    expect(store.getState().user?.id).toBe(7);
  });

  it('clears the user on logout even when the server call fails, and resets the flag after 1 s', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = createSessionStore(
      api({
        logout: () => Promise.reject({ kind: 'http', status: 500, message: 'logout failed' }),
      }),
    );
    store.setUser(demoUser());
    await store.logout();
    expect(store.getState()).toMatchObject({ user: null, loggingOut: true });
    vi.advanceTimersByTime(LOGOUT_FLAG_RESET_MS - 1);
    expect(store.getState().loggingOut).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.getState().loggingOut).toBe(false);
  });
});

describe('a screen that needs the settings now', () => {
  function Country() {
    const settings = useSettingsNow();
    return <p>{settings ? settings.name : 'waiting'}</p>;
  }

  it('asks for them at once when the page has not loaded them, and shows them', async () => {
    const fetchSettings = vi.fn(async () => demoSettings());
    const store = createSessionStore(api({ fetchSettings }));
    render(
      <SessionContext value={store}>
        <Country />
      </SessionContext>,
    );
    expect(await screen.findByText('Amora')).toBeTruthy();
    expect(fetchSettings).toHaveBeenCalledOnce();
  });

  it('asks for nothing when the settings are there', async () => {
    const fetchSettings = vi.fn(async () => demoSettings());
    const store = createSessionStore(api({ fetchSettings }));
    await store.refreshSettings();
    render(
      <SessionContext value={store}>
        <Country />
      </SessionContext>,
    );
    expect(screen.getByText('Amora')).toBeTruthy();
    expect(fetchSettings).toHaveBeenCalledOnce();
  });
});
