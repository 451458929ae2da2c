/**
 * Auth levels of SPEC §2.1 as a pure decision: a logged-out visitor on a login-required route
 * goes to /login once the user fetch has settled, keeping where they wanted to go; a member whose
 * session a ban just ended goes to /pages/ban instead.
 */
import type { AuthLevel } from '../shared/route-table';
import type { SessionState } from './session/session-store';

/** Query parameter on /login that holds the return path. */
export const RETURN_PARAM = 'redirect';

/** Where a banned member reads why, and how to object. */
export const BAN_PAGE_PATH = '/pages/ban';

/** Where a successful login goes without a return path. */
export const AFTER_LOGIN_PATH = '/members';

export type AuthDecision = { type: 'allow' } | { type: 'wait' } | { type: 'redirect'; to: string };

/** A return path is only followed when it stays on this site and is not the login page itself. */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if (/^\/login(?:[/?#]|$)/.test(raw)) return null;
  return raw;
}

/** The login path that comes back to `returnPath` afterwards. */
export function loginPathFor(returnPath: string | null): string {
  const safe = safeReturnPath(returnPath);
  if (!safe || safe === '/') return '/login';
  return `/login?${new URLSearchParams({ [RETURN_PARAM]: safe }).toString()}`;
}

/** What a route of `auth` level does for this session: render, wait for the user call, or redirect. */
export function authDecision(
  auth: AuthLevel,
  session: Pick<SessionState, 'status' | 'user' | 'loggingOut'> & { ban?: SessionState['ban'] },
  location: { pathname: string; search?: string; hash?: string },
): AuthDecision {
  if (auth !== 'default' || session.user) return { type: 'allow' };
  if (session.status === 'loading') return { type: 'wait' };
  // Ended by a ban while the page was open: the ban page says why; a login would be refused.
  if (session.ban) return { type: 'redirect', to: BAN_PAGE_PATH };
  // Just logged out: the member chose to leave, so no return path (SPEC §4).
  if (session.loggingOut) return { type: 'redirect', to: '/login' };
  const here = location.pathname + (location.search ?? '') + (location.hash ?? '');
  return { type: 'redirect', to: loginPathFor(here) };
}
