/**
 * The worker's storage care in one call: the budget trim after loads (storage-watch.ts) and the
 * quota guard on its database (quota-guard.ts), which tells the page when the disk stays full.
 */
import type { SyncContext } from './context';
import { guardQuota } from './quota-guard';
import { createStorageWatch } from './storage-watch';

/** Installs both on `ctx.db`; `afterWrites` lets the budget trim when it is due. */
export function careForStorage(
  ctx: SyncContext,
  log: (message: string, error: unknown) => void,
): { afterWrites(): void } {
  const storage = createStorageWatch({
    db: ctx.db,
    estimate: ctx.estimateStorage ?? null,
    dropPhotos: ctx.dropPhotos ?? null,
    log,
  });
  guardQuota(ctx.db, {
    evict: async (transact) => {
      const report = await storage.evict(transact);
      log(
        `Storage quota reached: server data trimmed${report.photos ? ', photos dropped' : ''}`,
        report,
      );
    },
    onFull: (error) => {
      log('Storage full', error);
      ctx.notify({ type: 'storage-full' });
    },
  });
  return { afterWrites: () => void storage.afterWrites() };
}
