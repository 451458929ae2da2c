/**
 * Session (SPEC §4 "Session", §8): who is logged in, and what happens to stored data when that
 * changes. Nothing of member A survives into member B's session (DESIGN §3, ASVS 14.3.1).
 */
import type { User } from '../src/shared/contract/account';
import type { AmoraDb } from '../src/db/db';
import { kvGet, kvPut, type KvKey, type KvValues } from '../src/db/kv';
import { wipePersonalData } from '../src/db/wipe';
import { updateBadge } from './badge';
import type { SyncContext } from './context';
import { toSyncError, type SyncError } from './errors';

/** The logout flag resets after this long (SPEC §9). */
export const LOGOUT_FLAG_RESET_MS = 1000;

/** How a logout went; the user is cleared either way, so the page always goes to login. */
export interface LogoutOutcome {
  /** The server answered `done`. */
  done: boolean;
  error?: SyncError;
}

/** The member the stored personal data belongs to, or null. */
export async function currentMemberId(ctx: Pick<SyncContext, 'db'>): Promise<number | null> {
  const memberId = (await kvGet(ctx.db, 'session'))?.memberId ?? null;
  known.set(ctx, memberId);
  return memberId;
}

/** The session member as this worker last read, wrote or heard of it from another tab. */
const known = new WeakMap<object, number | null>();

/** Another tab changed the session (its worker already wrote it): the memory copy follows. */
export function heardSessionOf(ctx: Pick<SyncContext, 'db'>, memberId: number | null): void {
  known.set(ctx, memberId);
}

/**
 * The session member without a read when this worker knows it: for stamping what it hands to the
 * pages, where a read would be on the path of every message received. Pages compare the stamp
 * with their own session, so a copy a moment old costs at most one hand-over, never a leak.
 */
export async function knownMemberId(ctx: Pick<SyncContext, 'db'>): Promise<number | null> {
  const memberId = known.get(ctx);
  return memberId === undefined ? currentMemberId(ctx) : memberId;
}

/**
 * Stores the user. When the member changes: wipes the previous member's data first, drops
 * actions of anyone else, and tells the service worker, other tabs and the page. With `sameAs`,
 * only while the session stamp is still `sameAs.stamp`: an answer to a request sent before a
 * login that finishes meanwhile must not undo that login.
 */
export async function applyUser(
  ctx: SyncContext,
  user: User | null,
  forceWipe = false,
  sameAs?: { stamp: number | undefined },
): Promise<void> {
  const db = ctx.db;
  const meta = await kvGet(db, 'session');
  if (sameAs && meta?.changedAt !== sameAs.stamp) return;
  const prev = meta?.memberId ?? null;
  const next = user?.id ?? null;
  const changed = prev !== next;
  // A user stored without session meta can only be a leftover: clear it when asked to.
  const stray = forceWipe && prev === null && (await kvGet(db, 'user')) != null;
  const wipe = (changed && prev !== null) || stray;
  known.delete(ctx); // until the write below has settled, the disk says who it is
  if (wipe && !(await wipePersonalData(db, sameAs))) return;
  const applied = await db.transaction('rw', db.kv, db.actions, async () => {
    // The wipe above cleared the stamp itself; any other change is a login or logout meanwhile.
    const stamp = (await kvGet(db, 'session'))?.changedAt;
    if (sameAs && stamp !== sameAs.stamp && !(wipe && stamp === undefined)) return false;
    await kvPut(db, 'user', user);
    if (changed || wipe) {
      // Strictly increasing, so requests started before the change can tell (see conditional.ts).
      const changedAt = Math.max(Date.now(), (meta?.changedAt ?? 0) + 1);
      await kvPut(db, 'session', { memberId: next, changedAt });
    }
    if (next !== null) await db.actions.where('memberId').notEqual(next).delete();
    // Someone logged in: the ban page's reason belonged to the session before.
    if (changed && next !== null) await db.kv.delete('ban');
    return true;
  });
  if (!applied) return;
  known.set(ctx, next);
  if (wipe) await updateBadge(ctx);
  if (changed) {
    ctx.channel.post({ type: 'session', memberId: next });
    ctx.notify({ type: 'session', memberId: next });
  }
  if (changed || next === null) ctx.onSessionChange(next);
}

/**
 * Logged out (logout, 403 on the user call): clear the user and wipe personal data; with `sameAs`,
 * only if no login or logout happened since that stamp was taken.
 */
export function clearSession(
  ctx: SyncContext,
  sameAs?: { stamp: number | undefined },
): Promise<void> {
  return applyUser(ctx, null, true, sameAs);
}

async function sessionChangedSince(ctx: SyncContext, before: number | undefined) {
  return (await kvGet(ctx.db, 'session'))?.changedAt !== before;
}

/**
 * GET /api/user.php with its ETag. A 403 means logged out (SPEC §8) and resolves to null;
 * a 304 writes nothing and resolves to the stored user.
 */
export async function fetchUser(ctx: SyncContext): Promise<User | null> {
  const etag = (await kvGet(ctx.db, 'etag:user')) ?? null;
  const before = (await kvGet(ctx.db, 'session'))?.changedAt;
  let response;
  try {
    response = await ctx.http.call('user', { etag });
  } catch (error) {
    if (toSyncError(error).kind !== 'auth') throw error;
    // A 403 to a request sent before a login (a poll in flight) says nothing of the new session,
    // also when that login finishes while this answer is being handled.
    if (await sessionChangedSince(ctx, before)) return (await kvGet(ctx.db, 'user')) ?? null;
    await clearSession(ctx, { stamp: before });
    return (await sessionChangedSince(ctx, before))
      ? ((await kvGet(ctx.db, 'user')) ?? null)
      : null;
  }
  // A login or logout (here or in another tab) happened meanwhile: that answer is outdated.
  if (response.notModified || (await sessionChangedSince(ctx, before)))
    return (await kvGet(ctx.db, 'user')) ?? null;
  const user = response.data.user;
  await applyUser(ctx, user);
  // Stored after the user so an ETag never vouches for data that was not written.
  if (response.etag) await kvPut(ctx.db, 'etag:user', response.etag);
  return user;
}

/** POST /api/login.php; a 401 rejects as an auth error carrying the server's message key. */
export async function login(ctx: SyncContext, email: string, password: string): Promise<User> {
  const response = await ctx.http.call('login', { body: { email, password } });
  await applyUser(ctx, response.data.user);
  return response.data.user;
}

/**
 * GET /api/logout.php; on `done` or on any error the user is cleared, data wiped and polling
 * stopped (SPEC §4, §8). The logout flag is raised for one second.
 */
export async function logout(ctx: SyncContext): Promise<LogoutOutcome> {
  await kvPut(ctx.db, 'logoutFlag', true);
  let error: SyncError | undefined;
  try {
    await ctx.http.call('logout');
  } catch (caught) {
    error = toSyncError(caught);
  }
  await clearSession(ctx);
  setTimeout(() => {
    kvPut(ctx.db, 'logoutFlag', false).catch(() => undefined); // a closed db needs no reset
  }, LOGOUT_FLAG_RESET_MS);
  return error ? { done: false, error } : { done: true };
}

/** When the stored session last changed: taken before a request, compared before its write. */
export async function sessionStamp(db: AmoraDb): Promise<number | undefined> {
  return (await kvGet(db, 'session'))?.changedAt;
}

/** Writes `value` unless the session changed since `stamp` (the answer is someone else's then). */
export async function putIfSameSession<K extends KvKey>(
  db: AmoraDb,
  stamp: number | undefined,
  key: K,
  value: KvValues[K],
): Promise<boolean> {
  return db.transaction('rw', db.kv, async () => {
    if ((await sessionStamp(db)) !== stamp) return false;
    await kvPut(db, key, value);
    return true;
  });
}
