/** The app badge (SPEC §4): unread messages plus new likes, cleared at zero. */
import { badgeCount } from '../src/db/queries';
import type { SyncContext } from './context';

/** Recomputes the badge from Dexie; a browser that refuses (not installed) is ignored. */
export async function updateBadge(ctx: Pick<SyncContext, 'db' | 'badge'>): Promise<number> {
  const count = await badgeCount(ctx.db);
  if (!ctx.badge) return count;
  try {
    if (count > 0) await ctx.badge.set(count);
    else await ctx.badge.clear();
  } catch {
    // Badging is cosmetic: a NotAllowedError must not fail the write that triggered it.
  }
  return count;
}
