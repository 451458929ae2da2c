/** The sync worker tells its page when a poll reached the server, so queued actions can go. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHarness, FAKE_TIMERS, flush } from './helpers/sync-harness';
import { demoUser } from './helpers/fixtures';

beforeEach(() => vi.useFakeTimers(FAKE_TIMERS));
afterEach(() => vi.useRealTimers());

const reached = (notices: { type: string }[]) =>
  notices.filter((n) => n.type === 'server-reached').length;

describe('server reached notice', () => {
  it('follows each successful user poll and none that failed', async () => {
    const h = createHarness();
    h.backend.user = demoUser();
    h.sync.start();
    await flush();
    await vi.advanceTimersByTimeAsync(0);
    await flush();
    expect(reached(h.notices)).toBe(1);

    h.backend.override('GET /api/user.php', 'network-error');
    await vi.advanceTimersByTimeAsync(60_000);
    await flush();
    expect(h.backend.count('GET /api/user.php')).toBe(2);
    expect(reached(h.notices)).toBe(1);

    h.backend.overrides.clear();
    await vi.advanceTimersByTimeAsync(60_000);
    await flush();
    expect(reached(h.notices)).toBe(2);
    h.sync.stop();
  });
});
