import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { kvGet } from '../../src/db/kv';
import { PERSONAL_TABLES } from '../../src/db/wipe';
import { clearSession } from '../../workers/session';
import { createHarness, FAKE_TIMERS, flush, newDb } from './helpers/sync-harness';
import { chat, PASSWORD } from './helpers/fake-backend';
import { demoUser, profile } from './helpers/fixtures';

const forbidden = { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'No' } };

/** A member with chats, likes and a search stored locally. */
async function loggedIn() {
  const h = createHarness();
  h.backend.user = demoUser();
  h.backend.chats = [chat(1, 2)];
  h.backend.liked = [profile(3)];
  h.backend.likedBy = [{ id: 4, like_new: true }];
  await h.api.refreshUser();
  await h.api.refreshChats();
  await h.api.refreshLikes();
  await h.api.search();
  return h;
}

async function personalRows(h: Awaited<ReturnType<typeof loggedIn>>) {
  let rows = 0;
  for (const name of PERSONAL_TABLES) rows += await h.db.table(name).count();
  return rows;
}

describe('session', () => {
  it('clears the user, wipes personal data and announces it on a 403 from the user call', async () => {
    const h = await loggedIn();
    expect(await personalRows(h)).toBeGreaterThan(0);
    h.backend.user = null;

    expect(await h.api.refreshUser()).toBeNull();
    expect(await kvGet(h.db, 'user')).toBeNull();
    expect(await personalRows(h)).toBe(0);
    expect(await kvGet(h.db, 'etag:chats')).toBeUndefined();
    expect(h.hub.posted.at(-1)).toEqual({ type: 'session', memberId: null });
    expect(h.notices).toContainEqual({ type: 'session', memberId: null });
    expect(h.badge.value).toBe(0);
  });

  it.each(['GET /api/chats.php', 'GET /api/likes.php'])(
    're-fetches the user after a 403 on %s',
    async (route) => {
      const h = await loggedIn();
      const before = h.backend.count('GET /api/user.php');
      h.backend.override(route, forbidden);
      await expect(
        route.includes('chats') ? h.api.refreshChats() : h.api.refreshLikes(),
      ).rejects.toMatchObject({ kind: 'auth' });
      await flush();
      expect(h.backend.count('GET /api/user.php')).toBe(before + 1);
      expect(await kvGet(h.db, 'user')).not.toBeNull(); // the session was fine after all
    },
  );

  it('logs in: stores the user and tells the service worker and other tabs', async () => {
    const h = createHarness();
    await expect(h.api.login('demo@example.com', 'wrong')).rejects.toEqual({
      kind: 'auth',
      status: 401,
      key: 'login.invalid_credentials',
      message: 'Wrong email address or password',
    });
    const user = await h.api.login('demo@example.com', PASSWORD);
    expect(user.id).toBe(7);
    expect((await kvGet(h.db, 'user'))?.email).toBe('demo@example.com');
    expect(h.hub.posted).toEqual([{ type: 'session', memberId: 7 }]);
  });

  it("wipes the previous member's data when another member logs in", async () => {
    const h = await loggedIn();
    await h.db.actions.put({
      clientId: 'a',
      kind: 'like',
      memberId: 7,
      seq: 1,
      profileId: 3,
      conversation: null,
      status: 'queued',
      error: null,
      createdAt: 0,
      prevLiked: false,
    });
    h.backend.account = demoUser({ id: 8, email: 'b@example.com' });
    await h.api.login('b@example.com', PASSWORD);
    expect(await personalRows(h)).toBe(0);
    expect(h.hub.posted.at(-1)).toEqual({ type: 'session', memberId: 8 });
  });

  it('ignores a user answer that arrives after a logout', async () => {
    const h = await loggedIn();
    let answer: () => void = () => undefined;
    h.backend.override(
      'GET /api/user.php',
      () => new Promise((resolve) => (answer = () => resolve({ body: { user: demoUser() } }))),
    );
    const late = h.api.refreshUser();
    await flush();
    h.backend.override('GET /api/logout.php', { text: 'done' });
    await h.api.logout();
    answer();
    await late;
    expect(await kvGet(h.db, 'user')).toBeNull();
  });

  it('stays logged in when a 403 to a poll sent before the login arrives after it', async () => {
    const h = createHarness();
    h.backend.user = null;
    let answer: () => void = () => undefined;
    h.backend.override(
      'GET /api/user.php',
      () => new Promise((resolve) => (answer = () => resolve(forbidden))),
    );
    const late = h.api.refreshUser();
    await flush();
    h.backend.override('GET /api/user.php', { body: { user: demoUser() } });
    h.backend.user = demoUser();
    await h.api.login('demo@example.com', PASSWORD);
    answer();
    await late;
    expect((await kvGet(h.db, 'user'))?.id).toBe(demoUser().id);
    expect(h.hub.posted.at(-1)).toEqual({ type: 'session', memberId: demoUser().id });
  });

  it('does not undo a login that finished while an earlier 403 was being handled', async () => {
    const h = createHarness();
    const before = (await kvGet(h.db, 'session'))?.changedAt;
    h.backend.user = demoUser();
    await h.api.login('demo@example.com', PASSWORD);
    // The 403 handler checked the stamp before the login; its clear runs after it.
    await clearSession(h.ctx, { stamp: before });
    expect((await kvGet(h.db, 'user'))?.id).toBe(demoUser().id);
    expect((await kvGet(h.db, 'session'))?.memberId).toBe(demoUser().id);
    expect(h.hub.posted.at(-1)).toEqual({ type: 'session', memberId: demoUser().id });
  });

  // The clear reads the stamp, finds the user the login has just stored, and wipes: the wipe must
  // see that stamp change, or it erases the login's stamp along with the evidence of it.
  it('does not undo a login that lands while an earlier 403 is being cleared', async () => {
    const db = newDb();
    // The clear's first read of the session stamp answers only once the login has stored its own.
    let holdNextStampRead: Promise<unknown> | null = null;
    db.use({
      stack: 'dbcore',
      name: 'hold-stamp-read',
      create: (down) => ({
        ...down,
        table: (name) => {
          const table = down.table(name);
          if (name !== 'kv') return table;
          return {
            ...table,
            get: async (req) => {
              const hold = req.key === 'session' ? holdNextStampRead : null;
              if (hold) holdNextStampRead = null;
              const row: unknown = await table.get(req);
              await hold;
              return row;
            },
          };
        },
      }),
    });
    const h = createHarness({ db });
    h.backend.user = demoUser();
    const before = (await kvGet(h.db, 'session'))?.changedAt;
    let loginDone: () => void = () => undefined;
    holdNextStampRead = new Promise<void>((resolve) => (loginDone = resolve));
    const cleared = clearSession(h.ctx, { stamp: before });
    await h.api.login('demo@example.com', PASSWORD);
    loginDone();
    await cleared;

    expect((await kvGet(h.db, 'user'))?.id).toBe(demoUser().id);
    expect((await kvGet(h.db, 'session'))?.memberId).toBe(demoUser().id);
  });
});

describe('logout', () => {
  beforeEach(() => vi.useFakeTimers(FAKE_TIMERS));
  afterEach(() => vi.useRealTimers());

  it.each([
    ['done', { text: 'done' }, { done: true }],
    ['an error', 'network-error' as const, { done: false, error: { kind: 'network' } }],
  ])(
    'on %s: clears the user, wipes, stops polling, resets the flag after 1 s',
    async (_, reply, outcome) => {
      const h = await loggedIn();
      h.sync.start();
      await flush();
      await vi.advanceTimersByTimeAsync(1_000);
      await flush();
      h.backend.override('GET /api/logout.php', reply);

      expect(await h.api.logout()).toMatchObject(outcome);
      expect(await kvGet(h.db, 'user')).toBeNull();
      expect(await personalRows(h)).toBe(0);
      expect(h.hub.posted.at(-1)).toEqual({ type: 'session', memberId: null });
      expect(h.sources.every((s) => s.closed)).toBe(true);
      expect(await kvGet(h.db, 'logoutFlag')).toBe(true);

      await vi.advanceTimersByTimeAsync(999);
      await flush();
      expect(await kvGet(h.db, 'logoutFlag')).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      await flush();
      expect(await kvGet(h.db, 'logoutFlag')).toBe(false);

      const polls = h.backend.requests.length;
      await vi.advanceTimersByTimeAsync(600_000);
      await flush();
      expect(h.backend.requests.length).toBe(polls);
      h.sync.stop();
    },
  );
});
