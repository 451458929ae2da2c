/**
 * Where the member goes back to after paying: a `?return=` query (the chat's package links) or
 * router state `{ returnTo }`, and only a path on this site (ReturnPath of the contract).
 */
import { ReturnPath } from '../../shared/contract/payments';
import { safeReturnPath } from '../../app/auth-redirect';
import { RETURN_QUERY } from './return-link';

/** The safe return path of this visit, or null when none was given. */
export function returnPathOf(search: string, state: unknown): string | null {
  const fromState = (state as { returnTo?: unknown } | null)?.returnTo;
  const raw =
    typeof fromState === 'string' ? fromState : new URLSearchParams(search).get(RETURN_QUERY);
  const safe = safeReturnPath(raw);
  return safe !== null && ReturnPath.safeParse(safe).success ? safe : null;
}
