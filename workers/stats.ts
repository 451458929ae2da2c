/**
 * The stats console's figures (holders of the stats role; the server answers 404 to anyone else).
 * Each view's answer is kept in `statsAnswers` under the view's key, so the console opens offline
 * on what it showed last; a 404 forgets every kept answer, since the role is gone.
 */
import type { StatsQuery, StatsResponse } from '../src/shared/contract/stats';
import type { SyncContext } from './context';
import { toSyncError } from './errors';
import { keepIfRoom } from './quota-guard';
import { sessionStamp } from './session';

/** What the page asks for: the API query of one view, and the key its answer is kept under. */
export interface StatsRequest {
  key: string;
  /** The query without `format` (always JSON here; the CSV is a link of the page). */
  query: Omit<StatsQuery, 'format'>;
}

/** The query as URL parameters: dimension filters left out when not set, '' kept (it filters). */
function queryParams(query: StatsRequest['query']): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (typeof value === 'string') params[name] = value;
  }
  return params;
}

/**
 * GET /api/stats.php for one view; the answer is stored unless the session changed meanwhile
 * (another member's figures must not land on this device's next session), and handed back too,
 * so a device without room to keep it still shows it.
 */
export async function loadStats(ctx: SyncContext, request: StatsRequest): Promise<StatsResponse> {
  const stamp = await sessionStamp(ctx.db);
  try {
    const { data } = await ctx.http.call('stats', { query: queryParams(request.query) });
    const row = { key: request.key, answer: data, fetchedAt: Date.now() };
    await keepIfRoom(() =>
      ctx.db.transaction('rw', ctx.db.kv, ctx.db.statsAnswers, async () => {
        if ((await sessionStamp(ctx.db)) === stamp) await ctx.db.statsAnswers.put(row);
      }),
    );
    return data;
  } catch (caught) {
    const error = toSyncError(caught);
    // Not (or no longer) a holder of the role: nothing of the console stays on the device.
    if (error.status === 404 && error.key === undefined) await ctx.db.statsAnswers.clear();
    throw error;
  }
}
