/** Persistent storage is asked once, at sign-up or install; a full disk is said once a minute. */
import { waitFor } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startStorageCare, STORAGE_WARNING_GAP_MS } from '../../src/app/storage/storage-care';
import { dismissToast, getToasts } from '../../src/app/toasts/toast-store';
import type { SyncNotice } from '../../src/bridges/worker-bridge';
import { askPersistentStorage, type PersistAsked } from '../../src/bridges/storage-bridge';
import { PREF_KEYS, readPref, removePref } from '../../src/lib/prefs';

function fakeStorage(granted: boolean) {
  return { persist: vi.fn(async () => granted), persisted: vi.fn(async () => false) };
}

afterEach(() => {
  removePref(PREF_KEYS.storagePersistAsked);
  getToasts().forEach((toast) => dismissToast(toast.id));
});

describe('persistent storage', () => {
  it('asks once per browser and remembers the answer in prefs', async () => {
    const storage = fakeStorage(true);
    expect(await askPersistentStorage('signup', storage)).toBe(true);
    expect(await askPersistentStorage('installed', storage)).toBeNull();
    expect(storage.persist).toHaveBeenCalledTimes(1);
    expect(readPref<PersistAsked>(PREF_KEYS.storagePersistAsked)).toMatchObject({
      reason: 'signup',
      granted: true,
    });
  });

  it('does nothing where the browser cannot be asked', async () => {
    expect(await askPersistentStorage('signup', null)).toBeNull();
    expect(readPref(PREF_KEYS.storagePersistAsked)).toBeUndefined();
  });

  it('asks when the app is installed, not before', async () => {
    const storage = fakeStorage(false);
    const target = new EventTarget();
    const notices = new Set<(notice: SyncNotice) => void>();
    const stop = startStorageCare({
      onNotice: (listener) => (notices.add(listener), () => notices.delete(listener)),
      translate: (key) => key,
      target,
      storage,
    });
    expect(storage.persist).not.toHaveBeenCalled();
    target.dispatchEvent(new Event('appinstalled'));
    await waitFor(() =>
      expect(readPref<PersistAsked>(PREF_KEYS.storagePersistAsked)).toMatchObject({
        reason: 'installed',
        granted: false,
      }),
    );
    stop();
  });
});

describe('storage full warning', () => {
  it('shows one plain warning per minute however many writes were refused', () => {
    let clock = 0;
    const notices = new Set<(notice: SyncNotice) => void>();
    const stop = startStorageCare({
      onNotice: (listener) => (notices.add(listener), () => notices.delete(listener)),
      translate: (key) => `text of ${key}`,
      target: new EventTarget(),
      storage: null,
      now: () => clock,
    });
    const send = (notice: SyncNotice) => notices.forEach((fn) => fn(notice));
    send({ type: 'storage-full' });
    send({ type: 'storage-full' });
    send({ type: 'leader' });
    expect(getToasts().map((t) => [t.variant, t.body])).toEqual([
      ['warning', 'text of errors.storage_full'],
    ]);
    clock += STORAGE_WARNING_GAP_MS;
    send({ type: 'storage-full' });
    expect(getToasts()).toHaveLength(2);
    stop();
    expect(notices.size).toBe(0);
  });
});
