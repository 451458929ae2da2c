import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../src/api/http';
import {
  createSessionStore,
  LOGOUT_FLAG_RESET_MS,
  type SessionApi,
} from '../../src/app/session/session-store';
import { demoSettings, demoUser } from './helpers/fixtures';

function api(overrides: Partial<SessionApi> = {}): SessionApi {
  return {
    fetchUser: async () => demoUser(),
    fetchSettings: async () => demoSettings(),
    logout: async () => 'done',
    mayHaveSession: () => true,
    ...overrides,
  };
}

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('session store', () => {
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

  it('treats a 403 on the user call as logged out', async () => {
    const store = createSessionStore(
      api({
        fetchUser: () => Promise.reject(new ApiFailure('forbidden', 'GET /api/user.php', 403)),
      }),
    );
    store.setUser(demoUser());
    await store.refreshUser();
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
      api({ logout: () => Promise.reject(new ApiFailure('server', 'GET /api/logout.php', 500)) }),
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
