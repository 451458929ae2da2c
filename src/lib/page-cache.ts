/**
 * The page's hold on shared state and the back/forward cache. WebKit (Safari) keeps a page that
 * was left in that cache frozen mid-step: its sync worker keeps the leader lock, and an IndexedDB
 * transaction the page or its worker had open stays open, so every later page of the site waits
 * on them (no member list, no profile, no polling) until the browser drops the cached page. So
 * the page lets go as it enters the cache, as on any navigation without that cache: its database
 * closes (src/db/db.ts) and its worker ends (src/bridges/worker-bridge.ts). A page shown again
 * from the cache then loads afresh.
 */

/** A `pagehide` or `pageshow` event: whether the page goes into, or comes from, the cache. */
interface PageTransition extends Event {
  readonly persisted?: boolean;
}

/**
 * Runs `release` when the page goes into the back/forward cache, and `reload` if it is shown from
 * there again (what was released is gone). Returns the stop.
 */
export function releaseWhenCached(
  target: EventTarget,
  release: () => void,
  reload: () => void,
): () => void {
  // Outside a page (Node runs some of this code in tests) there is nothing to listen to.
  if (typeof target.addEventListener !== 'function') return () => undefined;
  let released = false;
  const onHide = (event: PageTransition) => {
    if (!event.persisted) return; // the page is going away for good, and all it holds with it
    released = true;
    release();
  };
  const onShow = (event: PageTransition) => {
    if (event.persisted && released) reload();
  };
  target.addEventListener('pagehide', onHide);
  target.addEventListener('pageshow', onShow);
  return () => {
    target.removeEventListener('pagehide', onHide);
    target.removeEventListener('pageshow', onShow);
  };
}
