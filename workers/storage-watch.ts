/**
 * When the budget trim runs: never on every write (a trim reads whole tables), but after polls and
 * loads at most once a minute, and then only when the everyday trim is due or the browser's
 * estimate shows the quota nearly used. A refused write trims at once (quota-guard.ts).
 */
import type { AmoraDb } from '../src/db/db';
import type { RawTransaction } from './quota-guard';
import { BUDGET, TIGHT_BUDGET, trimToBudget, type TrimReport } from './storage-budget';

/** How often the estimate is read at most; reading it is cheap but not free. */
export const CHECK_INTERVAL_MS = 60_000;
/** How often the everyday limits are applied when storage is not short. */
export const TRIM_INTERVAL_MS = 10 * 60_000;
/** Share of the quota above which the tight limits apply. */
export const PRESSURE_FRACTION = 0.8;

/** The part of `navigator.storage.estimate()` the watch reads. */
export interface StorageEstimateLike {
  usage?: number;
  quota?: number;
}

export interface StorageWatchDeps {
  db: AmoraDb;
  /** Null where the browser has no StorageManager. */
  estimate: (() => Promise<StorageEstimateLike>) | null;
  /** Drops the cached photos, the bulk of cached server data; null where there is no such cache. */
  dropPhotos?: (() => Promise<unknown>) | null;
  now?: () => number;
  log?: (message: string, error: unknown) => void;
}

/** Whether usage is close enough to the quota that cached server data should shrink now. */
export function underPressure({ usage, quota }: StorageEstimateLike): boolean {
  return (
    usage !== undefined && quota !== undefined && quota > 0 && usage / quota > PRESSURE_FRACTION
  );
}

/** The trim scheduler of one worker. */
export function createStorageWatch({
  db,
  estimate,
  dropPhotos = null,
  now = Date.now,
  log,
}: StorageWatchDeps) {
  let lastCheck = Number.NEGATIVE_INFINITY;
  let lastTrim = now(); // a fresh worker starts with what the last one left; the first trim waits
  let running: Promise<TrimReport | null> | null = null;

  async function pressure(): Promise<boolean> {
    if (!estimate) return false;
    try {
      return underPressure(await estimate());
    } catch {
      return false; // the estimate is advice; without it the everyday cadence still applies
    }
  }

  async function check(): Promise<TrimReport | null> {
    const tight = await pressure();
    if (!tight && now() - lastTrim < TRIM_INTERVAL_MS) return null;
    lastTrim = now();
    return trimToBudget(db, tight ? TIGHT_BUDGET : BUDGET);
  }

  return {
    /** After a poll or a load wrote server data: trims when due; never rejects. */
    afterWrites(): Promise<TrimReport | null> {
      if (running || now() - lastCheck < CHECK_INTERVAL_MS) return running ?? Promise.resolve(null);
      lastCheck = now();
      running = check()
        .catch((error: unknown) => {
          log?.('Storage trim failed', error);
          return null;
        })
        .finally(() => (running = null));
      return running;
    },
    /**
     * A write was refused: the tight limits at once, through the guard's unguarded transaction,
     * and the cached photos too. Deleted rows free their bytes only when the browser compacts
     * the database; a dropped cache frees them at once, so the retry has room.
     */
    async evict(transact: RawTransaction): Promise<TrimReport & { photos: boolean }> {
      lastTrim = now();
      const report = await trimToBudget(db, TIGHT_BUDGET, transact);
      const photos = dropPhotos
        ? await dropPhotos().then(
            () => true,
            () => false,
          )
        : false;
      return { ...report, photos };
    },
  };
}

export type StorageWatch = ReturnType<typeof createStorageWatch>;
