/** Tells the server when the page is hidden (SPEC §7): a beacon still leaves when the tab closes. */

export const PAGE_HIDDEN_PATH = '/api/page-hidden.php';

/** Sends the beacon each time `doc` becomes hidden; returns the stop function. */
export function watchPageHidden(
  doc: Document,
  sendBeacon: (url: string, data: Blob) => boolean,
  apiBase = '',
): () => void {
  const onChange = () => {
    if (doc.visibilityState !== 'hidden') return;
    sendBeacon(`${apiBase}${PAGE_HIDDEN_PATH}`, new Blob(['{}'], { type: 'application/json' }));
  };
  doc.addEventListener('visibilitychange', onChange);
  return () => doc.removeEventListener('visibilitychange', onChange);
}
