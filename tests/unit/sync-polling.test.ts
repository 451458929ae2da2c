import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPoller, type PollTaskName } from '../../workers/poller';
import { createHarness, FAKE_TIMERS, flush } from './helpers/sync-harness';
import { demoUser } from './helpers/fixtures';

beforeEach(() => vi.useFakeTimers(FAKE_TIMERS));
afterEach(() => vi.useRealTimers());

function recordingPoller(interval: { ms: number }) {
  const t0 = Date.now();
  const runs: string[] = [];
  const task = (name: PollTaskName) => async () => void runs.push(`${name}@${Date.now() - t0}`);
  const poller = createPoller(
    { user: task('user'), chats: task('chats'), likes: task('likes') },
    () => interval.ms,
    () => undefined,
  );
  return { poller, runs };
}

describe('poller cadence (SPEC §9)', () => {
  it('polls the user every 60 s and chats + likes every 60 s from 1 s later', async () => {
    const { poller, runs } = recordingPoller({ ms: 60_000 });
    poller.start();
    await vi.advanceTimersByTimeAsync(121_000);
    expect(runs).toEqual([
      'user@0',
      'chats@1000',
      'likes@1000',
      'user@60000',
      'chats@61000',
      'likes@61000',
      'user@120000',
      'chats@121000',
      'likes@121000',
    ]);
    poller.stop();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(runs).toHaveLength(9);
  });

  it('polls every 300 s when push is subscribed', async () => {
    const { poller, runs } = recordingPoller({ ms: 300_000 });
    poller.start();
    await vi.advanceTimersByTimeAsync(299_999);
    expect(runs).toEqual(['user@0', 'chats@1000', 'likes@1000']);
    await vi.advanceTimersByTimeAsync(1_001);
    expect(runs.slice(3)).toEqual(['user@300000', 'chats@301000', 'likes@301000']);
  });

  it('applies a new period from now when rescheduled, keeping the offset', async () => {
    const interval = { ms: 60_000 };
    const { poller, runs } = recordingPoller(interval);
    poller.start();
    await vi.advanceTimersByTimeAsync(10_000);
    interval.ms = 300_000;
    poller.reschedule();
    await vi.advanceTimersByTimeAsync(301_000);
    expect(runs).toEqual([
      'user@0',
      'chats@1000',
      'likes@1000',
      'user@310000',
      'chats@311000',
      'likes@311000',
    ]);
  });

  it('runs a task at once on demand, once more if it was already running', async () => {
    let release: () => void = () => undefined;
    const user = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const poller = createPoller(
      { user, chats: async () => undefined, likes: async () => undefined },
      () => 60_000,
      () => undefined,
    );
    const first = poller.runNow('user');
    void poller.runNow('user');
    void poller.runNow('user');
    release();
    await first;
    await vi.advanceTimersByTimeAsync(0);
    expect(user).toHaveBeenCalledTimes(2);
  });
});

describe('sync worker polling', () => {
  it('keeps the cadence against the server and slows to 300 s with push', async () => {
    const h = createHarness();
    h.backend.user = demoUser();
    const count = () => ({
      user: h.backend.count('GET /api/user.php'),
      chats: h.backend.count('GET /api/chats.php'),
      likes: h.backend.count('GET /api/likes.php'),
    });
    h.sync.start();
    await flush();
    await vi.advanceTimersByTimeAsync(0);
    await flush();
    expect(count()).toEqual({ user: 1, chats: 0, likes: 0 });
    await vi.advanceTimersByTimeAsync(1_000);
    await flush();
    expect(count()).toEqual({ user: 1, chats: 1, likes: 1 });
    await vi.advanceTimersByTimeAsync(59_000);
    await flush();
    expect(count()).toEqual({ user: 2, chats: 1, likes: 1 });

    await h.api.setPushSubscribed(true);
    await vi.advanceTimersByTimeAsync(299_000);
    await flush();
    expect(count()).toEqual({ user: 2, chats: 1, likes: 1 });
    await vi.advanceTimersByTimeAsync(2_000);
    await flush();
    expect(count()).toEqual({ user: 3, chats: 2, likes: 2 });
    h.sync.stop();
  });

  it('sends the ETag and writes nothing on 304', async () => {
    const h = createHarness();
    h.backend.user = demoUser();
    await h.api.refreshUser();
    await h.api.refreshLikes();
    await h.api.refreshChats();
    const writes = vi.fn();
    for (const table of h.db.tables) {
      table.hook('creating', writes);
      table.hook('updating', writes);
      table.hook('deleting', writes);
    }
    await h.api.refreshUser();
    await h.api.refreshLikes();
    await h.api.refreshChats();
    expect(h.backend.last('GET /api/likes.php')?.headers['if-none-match']).toMatch(/^"/);
    expect(h.backend.requests.filter((r) => r.headers['if-none-match']).length).toBe(3);
    expect(writes).not.toHaveBeenCalled();
  });

  it('does not poll while logged out', async () => {
    const h = createHarness();
    h.sync.start();
    await flush();
    await vi.advanceTimersByTimeAsync(180_000);
    await flush();
    expect(h.backend.count('GET /api/user.php')).toBe(1);
    expect(h.backend.count('GET /api/chats.php')).toBe(0);
    h.sync.stop();
  });
});
