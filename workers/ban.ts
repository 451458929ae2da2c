/**
 * A ban ends the session like a logout does: a 403 with key `banned` on any call, or the live
 * `banned` event, stores the ban's reason and date for /pages/ban (kv `ban`, kept through the
 * wipe) and clears the member's data. Every open tab sees the stored ban and shows the ban page.
 */
import { BANNED_KEY, type BanDetails } from '../src/shared/contract/fields';
import { kvPut } from '../src/db/kv';
import type { SyncContext } from './context';
import { isSyncError } from './errors';
import type { Http } from './fetcher';
import type { Upload } from './upload';
import { clearSession } from './session';

/** Records the ban, then clears the user and personal data; the page follows the stored ban. */
export async function applyBan(ctx: SyncContext, ban: BanDetails): Promise<void> {
  // Written before the wipe (which keeps it), so a tab learns of the ban before it sees no user.
  await kvPut(ctx.db, 'ban', { reason: ban.reason, since: ban.since, noticedAt: Date.now() });
  await clearSession(ctx);
}

/** The ban a failed call reports, if it reports one. */
export function banOf(error: unknown): BanDetails | null {
  return isSyncError(error) && error.key === BANNED_KEY && error.ban ? error.ban : null;
}

/**
 * Wraps the HTTP client and the uploader so that any call answered 403 banned runs `onBanned`
 * (which must not reject) before it rejects as usual. Parallel calls share one run.
 */
export function watchBans(
  http: Http,
  upload: Upload,
  onBanned: (ban: BanDetails) => Promise<void>,
): { http: Http; upload: Upload } {
  let running: Promise<void> | null = null;
  const guard = async <T>(request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      const ban = banOf(error);
      if (ban) {
        running ??= onBanned(ban).finally(() => (running = null));
        await running;
      }
      throw error;
    }
  };
  return {
    http: {
      send: (request) => guard(() => http.send(request)),
      call: (name, options) => guard(() => http.call(name, options)),
    },
    upload: (...args) => guard(() => upload(...args)),
  };
}
