/**
 * The page's one door to the sync worker (STYLE: one bridge per boundary): the only Comlink.wrap,
 * created lazily once. Components call `useSync()`; notices reach the shell via onSyncNotice.
 */
import * as Comlink from 'comlink';
import type { ReportReason } from '../../workers/chats';
import type { SyncNotice } from '../../workers/context';
import type { SyncError } from '../../workers/errors';
import type { PublicAnswer } from '../../workers/landers';
import type { UnsentMessage } from '../../workers/message-recovery';
import type { ModerationRequest } from '../../workers/moderation';
import type { StatsRequest } from '../../workers/stats';
import { fetchForWorker } from '../../workers/page-transport';
import { prepareWhenLeaving, releaseWhenCached } from '../lib/page-cache';
import type { SyncApi } from '../../workers/sync.worker';

// The worker's types the page's screens name: they come through here, as the calls do.
export type {
  ModerationRequest,
  PublicAnswer,
  ReportReason,
  StatsRequest,
  SyncApi,
  SyncError,
  SyncNotice,
  UnsentMessage,
};
export type SyncRemote = Comlink.Remote<SyncApi>;

let remote: SyncRemote | null = null;
const listeners = new Set<(notice: SyncNotice) => void>();

/** The worker's API, starting the worker on first use. */
export function getSync(): SyncRemote {
  if (!remote) {
    const worker = new Worker(new URL('../../workers/sync.worker.ts', import.meta.url), {
      type: 'module',
      name: 'amora-sync',
    });
    const api = Comlink.wrap<SyncApi>(worker);
    remote = api;
    // Frozen in the back/forward cache it would hold the leader lock and IndexedDB from the next
    // page (lib/page-cache.ts): it is asked to let go and end itself. It is not ended from here:
    // WebKit keeps the stores of transactions a worker had in flight when it was ended locked
    // for good, for every page of the site.
    releaseWhenCached(
      window,
      () => void api.releaseForPageCache().catch(() => undefined),
      () => location.reload(),
    );
    // Told earlier too, at beforeunload, which a worker busy under load may need to hear in time.
    prepareWhenLeaving(window, () => void api.prepareToLeave().catch(() => undefined));
    // A worker started before a service worker controls this page stays outside its control for
    // life; its actions then go through this page, which the service worker claims once active.
    if (!navigator.serviceWorker?.controller) {
      void remote.sendActionsThroughPage(Comlink.proxy(fetchForWorker));
    }
    void remote.onNotice(
      Comlink.proxy((notice: SyncNotice) => listeners.forEach((fn) => fn(notice))),
    );
  }
  return remote;
}

/** The worker's API for components; stable across renders. */
export function useSync(): SyncRemote {
  return getSync();
}

/** Listens for worker notices (reload needed, session changed, leadership). */
export function onSyncNotice(listener: (notice: SyncNotice) => void): () => void {
  listeners.add(listener);
  getSync();
  return () => listeners.delete(listener);
}

/** Narrows a rejection of a sync call (a plain object, see workers/errors.ts). */
export function isSyncError(value: unknown): value is SyncError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as SyncError).kind === 'string' &&
    typeof (value as SyncError).message === 'string'
  );
}
