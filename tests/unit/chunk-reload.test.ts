/** The reload after a chunk failed to load: once per guard window, and never for a page being left. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_DELAY_MS,
  claimChunkReload,
  RELOAD_GUARD_MS,
  scheduleChunkReload,
} from '../../src/app/error/chunk-reload';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function page() {
  const events = new EventTarget();
  const reload = vi.fn();
  return {
    reload,
    hide: () => events.dispatchEvent(new Event('pagehide')),
    target: {
      addEventListener: (type: 'pagehide', fn: () => void) => events.addEventListener(type, fn),
      removeEventListener: (type: 'pagehide', fn: () => void) =>
        events.removeEventListener(type, fn),
      location: { reload },
    },
  };
}

describe('reloading for a failed chunk', () => {
  it('reloads once the delay is over', () => {
    const p = page();
    scheduleChunkReload(p.target, () => true);
    vi.advanceTimersByTime(CHUNK_RELOAD_DELAY_MS - 1);
    expect(p.reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(p.reload).toHaveBeenCalledTimes(1);
  });

  it('leaves a page that is being left alone, also when it comes back from the cache', () => {
    const p = page();
    scheduleChunkReload(p.target, () => true);
    p.hide();
    vi.advanceTimersByTime(CHUNK_RELOAD_DELAY_MS * 2);
    expect(p.reload).not.toHaveBeenCalled();
  });

  it('does nothing once cancelled (the error screen went away)', () => {
    const p = page();
    const cancel = scheduleChunkReload(p.target, () => true);
    cancel();
    vi.advanceTimersByTime(CHUNK_RELOAD_DELAY_MS * 2);
    expect(p.reload).not.toHaveBeenCalled();
  });

  it('does not reload when the guard refuses', () => {
    const p = page();
    scheduleChunkReload(p.target, () => false);
    vi.advanceTimersByTime(CHUNK_RELOAD_DELAY_MS);
    expect(p.reload).not.toHaveBeenCalled();
  });

  it('allows one reload per guard window, and none without a session storage', () => {
    const store = new Map<string, string>();
    const session = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    } as unknown as Storage;
    expect(claimChunkReload(1_000, session)).toBe(true);
    expect(claimChunkReload(1_000 + RELOAD_GUARD_MS - 1, session)).toBe(false);
    expect(claimChunkReload(1_000 + RELOAD_GUARD_MS, session)).toBe(true);
    expect(claimChunkReload(1_000, null)).toBe(false);
  });
});
