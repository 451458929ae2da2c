/**
 * Polled calls with ETags (DESIGN §3): send the last ETag, and on 304 write nothing at all, so
 * an unchanged poll causes no Dexie write and no re-render.
 */
import type { Table } from 'dexie';
import { kvGet } from '../src/db/kv';
import type { SyncContext } from './context';
import type { CallOutput } from './fetcher';

export type PolledCall = 'user' | 'chats' | 'likes';

/**
 * Fetches `name` with If-None-Match when logged in; on new data runs `apply` and stores the ETag
 * in the same transaction over `tables`, so the ETag never claims data that was not written.
 */
export async function pollWithEtag<N extends PolledCall, R>(
  ctx: SyncContext,
  name: N,
  tables: Table[],
  apply: (data: CallOutput<N>) => Promise<R>,
): Promise<{ changed: false } | { changed: true; result: R }> {
  const session = await kvGet(ctx.db, 'session');
  if (!session?.memberId) return { changed: false }; // personal calls: nothing to ask logged out
  const etagKey = `etag:${name}` as const;
  const etag = (await kvGet(ctx.db, etagKey)) ?? null;
  const response = await ctx.http.call(name, { etag });
  if (response.notModified) return { changed: false };
  return ctx.db.transaction('rw', [ctx.db.kv, ...tables], async () => {
    // The session changed while we waited: this answer belongs to someone else's session.
    if ((await kvGet(ctx.db, 'session'))?.changedAt !== session.changedAt) {
      return { changed: false as const };
    }
    const result = await apply(response.data);
    if (response.etag) await ctx.db.kv.put({ key: etagKey, value: response.etag });
    else await ctx.db.kv.delete(etagKey);
    return { changed: true as const, result };
  });
}
