/**
 * Polled calls with ETags (DESIGN §3): send the last ETag, and on 304 write nothing at all, so
 * an unchanged poll causes no Dexie write and no re-render.
 */
import type { Table } from 'dexie';
import { kvGet } from '../src/db/kv';
import { calls } from '../src/shared/contract/calls';
import type { SyncContext } from './context';
import type { CallOutput } from './fetcher';

export type PolledCall = 'user' | 'chats' | 'likes';

/**
 * An answer the server already gave for a polled call (the page's first answers), for the member
 * it was answered for: stored as a poll's answer would be, in place of asking, while nothing newer
 * is stored and it fits the contract (otherwise the call is asked for as usual).
 */
export interface PageAnswer {
  memberId: number;
  etag: string | null;
  answer: unknown;
}

/**
 * Fetches `name` with If-None-Match when logged in; on new data runs `apply` and stores the ETag
 * in the same transaction over `tables`, so the ETag never claims data that was not written.
 */
export async function pollWithEtag<N extends PolledCall, R>(
  ctx: SyncContext,
  name: N,
  tables: Table[],
  apply: (data: CallOutput<N>) => Promise<R>,
  page?: PageAnswer,
): Promise<{ changed: false } | { changed: true; result: R }> {
  const session = await kvGet(ctx.db, 'session');
  if (!session?.memberId) return { changed: false }; // personal calls: nothing to ask logged out
  const etagKey = `etag:${name}` as const;
  const etag = (await kvGet(ctx.db, etagKey)) ?? null;
  // A stored ETag means a poll stored an answer since the page's: that one may be the newer.
  const given =
    page && etag === null && page.memberId === session.memberId
      ? calls[name].response.safeParse(page.answer)
      : undefined;
  const response =
    given?.success && page
      ? { notModified: false as const, data: given.data as CallOutput<N>, etag: page.etag }
      : await ctx.http.call(name, { etag });
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
