/**
 * Keeps the stored-data hint cookie (src/shared/stored-hint.ts) true to this device, so the server
 * draws a member's first screen only for a device that keeps nothing of theirs: cleared when the
 * browser says the app has no database here, set once a member's first screen is up (the sync
 * worker stores the member then) and after a login.
 */
import { STORED_HINT_COOKIE } from '../../shared/stored-hint';
import { afterFirstScreen } from '../../prerender/after-first-screen';
import type { SessionStore } from './session-store';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function writeHint(on: boolean): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = on
    ? `${STORED_HINT_COOKIE}=1; Max-Age=${YEAR_SECONDS}; Path=/; SameSite=Lax${secure}`
    : `${STORED_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
}

/**
 * `nothingStored` is the browser's answer at boot, asked before anything opened the database; null
 * on a visitor's page, which does not ask (a login there still sets the hint).
 */
export function keepStoredHint(
  session: SessionStore,
  nothingStored: Promise<boolean> | null,
): void {
  void (async () => {
    if (await nothingStored) writeHint(false);
    await afterFirstScreen();
    let hinted = false;
    const follow = () => {
      if (hinted || !session.getState().user) return;
      hinted = true;
      writeHint(true);
    };
    session.subscribe(follow);
    follow();
  })();
}
