/**
 * The page's hold on shared state and the back/forward cache. WebKit (Safari) keeps a page that
 * was left in that cache frozen mid-step: its sync worker keeps the leader lock, and an IndexedDB
 * transaction the page or its worker had open stays open, so every later page of the site waits
 * on them (no member list, no profile, no polling) until the browser drops the cached page. So
 * the page lets go as it enters the cache, as on any navigation without that cache: its database
 * closes (src/db/db.ts) and its worker ends (src/bridges/worker-bridge.ts). A page shown again
 * from the cache then loads afresh.
 *
 * The page's own code runs at pagehide, but its worker only hears of it in its next task, and
 * WebKit may freeze it first: under load, a worker caught writing held its stores from the next
 * page. So the worker is told at beforeunload already, which comes before the next page is even
 * asked for, and starts nothing from then until the page is either gone or plainly staying.
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

/**
 * Runs `prepare` when the page may be leaving (beforeunload: any navigation away, a reload, a
 * cancelled one). Returns the stop. Nothing here asks the member to confirm leaving.
 */
export function prepareWhenLeaving(target: EventTarget, prepare: () => void): () => void {
  if (typeof target.addEventListener !== 'function') return () => undefined;
  target.addEventListener('beforeunload', prepare);
  return () => target.removeEventListener('beforeunload', prepare);
}
