/**
 * The stored-data hint (src/app/session/stored-hint.ts): cleared when the browser says the app has
 * no database here, set once the first screen is up with a member, or when one logs in later.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepStoredHint } from '../../src/app/session/stored-hint';
import { createSessionStore, type SessionApi } from '../../src/app/session/session-store';
import { STORED_HINT_COOKIE } from '../../src/shared/stored-hint';
import { demoUser } from './helpers/fixtures';

vi.mock('../../src/prerender/after-first-screen', () => ({
  afterFirstScreen: () => Promise.resolve(),
}));

const hinted = () => new RegExp(`(?:^|; )${STORED_HINT_COOKIE}=1`).test(document.cookie);

/** A store whose user call answers `user` (null: logged out). */
function store(user: ReturnType<typeof demoUser> | null) {
  const never = <T>() => new Promise<T>(() => undefined);
  const api: SessionApi = {
    storedUser: async () => null,
    fetchUser: async () => user,
    fetchSettings: never,
    login: async () => demoUser(),
    logout: async () => undefined,
    mayHaveSession: () => user !== null,
    forgetSessionHint: () => undefined,
    watchUser: () => () => undefined,
    storedBan: async () => null,
    watchBan: () => () => undefined,
  };
  return createSessionStore(api);
}

afterEach(() => {
  document.cookie = `${STORED_HINT_COOKIE}=; Max-Age=0; Path=/`;
});

describe('the stored-data hint', () => {
  it('is set once the first screen is up with a member', async () => {
    const session = store(demoUser());
    keepStoredHint(session, Promise.resolve(true));
    await session.refreshUser();
    await vi.waitFor(() => expect(hinted()).toBe(true));
  });

  it('is cleared when the device has no database, and stays so for a visitor', async () => {
    document.cookie = `${STORED_HINT_COOKIE}=1; Path=/`;
    const session = store(null);
    keepStoredHint(session, Promise.resolve(true));
    await session.refreshUser();
    await vi.waitFor(() => expect(hinted()).toBe(false));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(hinted()).toBe(false);
  });

  it("is set by a login on a visitor's page, which does not ask about the database", async () => {
    const session = store(null);
    keepStoredHint(session, null);
    await session.refreshUser();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(hinted()).toBe(false);
    await session.login('demo@example.com', 'secret');
    await vi.waitFor(() => expect(hinted()).toBe(true));
  });
});
