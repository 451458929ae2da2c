/**
 * The shell's part of the storage budget, started once at boot (outside React, like the other
 * worker notices): tells the member plainly when this device refused to store data even after
 * old data was removed, and asks for persistent storage once the app is installed (the sign-up
 * wizard asks when the account is created).
 */
import type { SyncNotice } from '../../bridges/worker-bridge';
import { persistOnInstall, type PersistTarget } from '../../bridges/storage-bridge';
import { toast } from '../toasts/toast-store';

/** One warning per this span: a full disk refuses every write of a poll, not just one. */
export const STORAGE_WARNING_GAP_MS = 60_000;

/** Message key of the warning; the worker's 'storage' SyncError carries the same key. */
export const STORAGE_FULL_MESSAGE = 'errors.storage_full' as const;

/** What the boot code hands in, so tests can drive it without a worker or a window. */
export interface StorageCareDeps {
  onNotice: (listener: (notice: SyncNotice) => void) => () => void;
  translate: (key: typeof STORAGE_FULL_MESSAGE) => string;
  /** The window, for `appinstalled`. */
  target: EventTarget;
  /** The StorageManager; the browser's when left out. */
  storage?: PersistTarget | null;
  now?: () => number;
}

/** Starts both duties; returns the stop function. */
export function startStorageCare({
  onNotice,
  translate,
  target,
  storage,
  now = Date.now,
}: StorageCareDeps): () => void {
  let lastWarning = Number.NEGATIVE_INFINITY;
  const stopNotices = onNotice((notice) => {
    if (notice.type !== 'storage-full' || now() - lastWarning < STORAGE_WARNING_GAP_MS) return;
    lastWarning = now();
    toast.warning(translate(STORAGE_FULL_MESSAGE));
  });
  const stopInstall = persistOnInstall(target, storage);
  return () => {
    stopNotices();
    stopInstall();
  };
}
