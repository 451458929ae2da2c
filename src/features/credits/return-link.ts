/**
 * Links that carry where the member goes back to after paying (`?return=`). Apart from
 * return-path.ts, which checks a given path against the contract: a conversation links to the
 * credits with its own path and loads no zod for it.
 */

/** Query parameter that carries the return path through /credits and its checkout. */
export const RETURN_QUERY = 'return';
/** Without a return path a purchase goes back to the conversations. */
export const DEFAULT_RETURN = '/chats';

/** `path` with the return query kept, so the next page knows it too. */
export function withReturn(path: string, returnTo: string | null): string {
  return returnTo
    ? `${path}?${new URLSearchParams({ [RETURN_QUERY]: returnTo }).toString()}`
    : path;
}
