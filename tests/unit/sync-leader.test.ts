import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FOLLOW_UP_DELAY_MS } from '../../workers/follow-up';
import { kvGet } from '../../src/db/kv';
import {
  createHarness,
  ChannelHub,
  FAKE_TIMERS,
  FakeLocks,
  flush,
  newDb,
} from './helpers/sync-harness';
import { FakeBackend, PASSWORD } from './helpers/fake-backend';
import { demoUser } from './helpers/fixtures';

beforeEach(() => vi.useFakeTimers(FAKE_TIMERS));
afterEach(() => vi.useRealTimers());

/** Advances the clock in 1 s steps, letting IndexedDB work finish between them. */
async function tick(ms: number) {
  await flush();
  for (let left = ms; left > 0; left -= 1_000) {
    await vi.advanceTimersByTimeAsync(Math.min(left, 1_000));
    await flush();
  }
  if (ms === 0) {
    await vi.advanceTimersByTimeAsync(0);
    await flush();
  }
}

/** Two tabs: same database, server, channel and locks. */
function twoTabs() {
  const shared = {
    db: newDb(),
    backend: new FakeBackend(),
    hub: new ChannelHub(),
    locks: new FakeLocks(),
  };
  return { ...shared, a: createHarness(shared), b: createHarness(shared) };
}

describe('leader election', () => {
  it('lets only one tab poll, and another take over when it leaves', async () => {
    const { a, b, backend } = twoTabs();
    backend.user = demoUser();
    a.sync.start();
    b.sync.start();
    await tick(0);
    expect([a.sync.leader, b.sync.leader]).toEqual([true, false]);
    expect(a.notices).toContainEqual({ type: 'leader' });

    await tick(120_000);
    expect(backend.count('GET /api/user.php')).toBe(3); // 0, 60 s, 120 s: one poller only
    expect(backend.count('GET /api/chats.php')).toBe(2);
    expect(b.sources).toHaveLength(0);

    a.sync.stop(); // the tab closes
    await tick(0);
    expect(b.sync.leader).toBe(true);
    expect(backend.count('GET /api/user.php')).toBe(4);
    await tick(60_000);
    expect(backend.count('GET /api/user.php')).toBe(5);
    expect(b.sources).toHaveLength(1);
    b.sync.stop();
  });

  it('starts polling in the leader when a follower tab logs in, and stops on its logout', async () => {
    const { a, b, backend } = twoTabs();
    a.sync.start();
    b.sync.start();
    await tick(0);
    expect(backend.count('GET /api/user.php')).toBe(1); // logged out: leader stopped

    await b.api.login('demo@example.com', PASSWORD);
    await tick(0);
    expect(backend.count('GET /api/user.php')).toBe(2);
    await tick(1_000);
    expect(backend.count('GET /api/chats.php')).toBe(1);
    expect(a.sources.at(-1)?.closed).toBe(false);

    await b.api.logout();
    await tick(0);
    expect(a.sync.poller.running).toBe(false);
    expect(a.sources.at(-1)?.closed).toBe(true);
    const requests = backend.requests.length;
    await tick(300_000);
    expect(backend.requests.length).toBe(requests);
    a.sync.stop();
    b.sync.stop();
  });
});

describe('live events', () => {
  async function leader() {
    const h = createHarness();
    h.backend.user = demoUser();
    h.sync.start();
    await tick(0);
    await tick(1_000);
    const source = h.sources[0];
    if (!source) throw new Error('no event stream');
    source.open();
    return { ...h, source };
  }

  it('holds one stream while logged in and fetches what an event names', async () => {
    const h = await leader();
    expect(h.source.url).toBe('/api/events.php');
    const likes = h.backend.count('GET /api/likes.php');
    const chats = h.backend.count('GET /api/chats.php');
    const users = h.backend.count('GET /api/user.php');
    h.source.emit('message', { type: 'like', by: 9, profile: 7 });
    h.source.emit('message', { type: 'chat', conversation: 1 });
    h.source.emit('message', { type: 'user' });
    h.source.emit('message', { type: 'gossip' }); // off-contract: ignored
    h.source.emit('message', 'not json');
    h.source.emit('message', { type: 'chat', conversation: 2 }); // same task: one refetch
    await tick(FOLLOW_UP_DELAY_MS - 1);
    // The burst waits a moment, so the write a screen waits on is not slowed by the refetches.
    expect(h.backend.count('GET /api/chats.php')).toBe(chats);
    await tick(1);
    expect(h.backend.count('GET /api/likes.php')).toBe(likes + 1);
    expect(h.backend.count('GET /api/chats.php')).toBe(chats + 1);
    expect(h.backend.count('GET /api/user.php')).toBe(users + 1);
    h.sync.stop();
  });

  it('reconnects with growing delays after the browser gave up, then catches up', async () => {
    const h = await leader();
    h.source.fail(false); // the browser retries by itself
    await tick(10_000);
    expect(h.sources).toHaveLength(1);

    h.source.fail(true);
    await tick(999);
    expect(h.sources).toHaveLength(1);
    await tick(1);
    expect(h.sources).toHaveLength(2);
    h.sources[1]?.fail(true);
    await tick(1_999);
    expect(h.sources).toHaveLength(2);
    await tick(1);
    expect(h.sources).toHaveLength(3);

    const likes = h.backend.count('GET /api/likes.php');
    h.sources[2]?.open();
    await tick(0);
    expect(h.backend.count('GET /api/likes.php')).toBe(likes + 1);
    h.sync.stop();
  });

  it('keeps the push setting for the next leader', async () => {
    const h = await leader();
    await h.api.setPushSubscribed(true);
    expect(await kvGet(h.db, 'pushSubscribed')).toBe(true);
    expect(await h.api.status()).toMatchObject({ leader: true, memberId: 7, pushSubscribed: true });
    h.sync.stop();
  });
});
