/**
 * The member's data export as the worker sees it: GET /api/export.php (where it stands) and POST
 * (start one). Answers are handed to the page, not stored: the export is only watched while the
 * profile screen is open.
 */
import type { DataExport } from '../src/shared/contract/account';
import { kvGet } from '../src/db/kv';
import type { SyncContext } from './context';
import { toSyncError } from './errors';

/** A 403 may mean the session ended elsewhere: let the user poll decide. */
async function checked<T>(ctx: SyncContext, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (caught) {
    const error = toSyncError(caught);
    if (error.kind === 'auth' && (await kvGet(ctx.db, 'session'))?.memberId != null) {
      ctx.recheckUser();
    }
    throw error;
  }
}

/** The member's newest export (null when they never asked for one). */
export async function loadDataExport(ctx: SyncContext): Promise<DataExport | null> {
  const { data } = await checked(ctx, () => ctx.http.call('dataExport'));
  return data.export;
}

/** Starts an export, or answers the one already under way. */
export async function startDataExport(ctx: SyncContext): Promise<DataExport | null> {
  const { data } = await checked(ctx, () => ctx.http.call('startDataExport'));
  return data.export;
}
