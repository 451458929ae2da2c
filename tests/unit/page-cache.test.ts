import { describe, expect, it, vi } from 'vitest';
import { kvGet, kvPut } from '../../src/db/kv';
import { trackTransactions } from '../../src/db/live-transactions';
import { prepareWhenLeaving, releaseWhenCached } from '../../src/lib/page-cache';
import { newDb } from './helpers/sync-harness';

/** A pagehide or pageshow event as the browser sends it. */
function transition(type: 'pagehide' | 'pageshow', persisted: boolean): Event {
  return Object.assign(new Event(type), { persisted });
}

describe('releaseWhenCached', () => {
  it('lets go when the page goes into the back/forward cache and reloads when it comes back', () => {
    const page = new EventTarget();
    const release = vi.fn();
    const reload = vi.fn();
    releaseWhenCached(page, release, reload);

    page.dispatchEvent(transition('pageshow', false)); // the first show
    expect(reload).not.toHaveBeenCalled();
    page.dispatchEvent(transition('pagehide', true));
    expect(release).toHaveBeenCalledTimes(1);
    page.dispatchEvent(transition('pageshow', true));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('holds on to everything when the page goes away for good', () => {
    const page = new EventTarget();
    const release = vi.fn();
    const reload = vi.fn();
    releaseWhenCached(page, release, reload);
    page.dispatchEvent(transition('pagehide', false));
    page.dispatchEvent(transition('pageshow', true));
    expect(release).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('stops listening when asked', () => {
    const page = new EventTarget();
    const release = vi.fn();
    releaseWhenCached(page, release, vi.fn())();
    page.dispatchEvent(transition('pagehide', true));
    expect(release).not.toHaveBeenCalled();
  });

  it('does nothing outside a page', () => {
    expect(() => releaseWhenCached({} as EventTarget, vi.fn(), vi.fn())()).not.toThrow();
  });
});

describe('prepareWhenLeaving', () => {
  it('prepares at each beforeunload until stopped, and never asks to confirm', () => {
    const page = new EventTarget();
    const prepare = vi.fn();
    const stop = prepareWhenLeaving(page, prepare);
    const leaving = new Event('beforeunload', { cancelable: true });
    page.dispatchEvent(leaving);
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(leaving.defaultPrevented).toBe(false);
    stop();
    page.dispatchEvent(new Event('beforeunload'));
    expect(prepare).toHaveBeenCalledTimes(1);
  });
});

describe('trackTransactions', () => {
  it('aborts the transactions still open, so their writes never land', async () => {
    const db = newDb();
    const tracked = trackTransactions(db);
    await db.open();
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const write = db.transaction('rw', db.kv, async () => {
      await kvPut(db, 'pushSubscribed', true);
      entered();
      // Still inside the transaction: a read keeps it open while the test aborts it.
      await db.kv.get('pushSubscribed');
      await db.kv.get('pushSubscribed');
    });
    await inside;
    tracked.abortAll();
    await expect(write).rejects.toThrow();
    expect(await kvGet(db, 'pushSubscribed')).toBeUndefined();
  });

  it('leaves finished transactions alone', async () => {
    const db = newDb();
    const tracked = trackTransactions(db);
    await db.open();
    await db.transaction('rw', db.kv, () => kvPut(db, 'pushSubscribed', true));
    tracked.abortAll();
    expect(await kvGet(db, 'pushSubscribed')).toBe(true);
  });

  it('holds new transactions off while the page may be leaving, then lets them run again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const db = newDb();
      const tracked = trackTransactions(db);
      await db.open();
      const after = vi.fn();
      tracked.holdFor(1000, after);
      await expect(kvPut(db, 'pushSubscribed', true)).rejects.toThrow();
      expect(after).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1000);
      expect(after).toHaveBeenCalledTimes(1);
      await kvPut(db, 'pushSubscribed', true);
      expect(await kvGet(db, 'pushSubscribed')).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
