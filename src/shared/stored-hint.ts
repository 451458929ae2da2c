/**
 * Set by the app once this browser keeps a member's data in IndexedDB. Such a device draws what it
 * stored, which may differ from the server's answers (another filter, actions still queued), so the
 * server sends it the app shell and renders no screen for it (server/services/member-page.ts).
 */
export const STORED_HINT_COOKIE = 'amora_db';
