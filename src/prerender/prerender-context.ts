/**
 * True while the build renders a page to HTML (src/prerender/entry.tsx). Screens then render what a
 * visitor sees first without waiting for the network or IndexedDB, and put slot markers where
 * request-time data goes (see slots.ts).
 */
import { createContext, use } from 'react';

export const PrerenderContext = createContext(false);

/** Whether this render is the build's prerender of a public page. */
export function usePrerendering(): boolean {
  return use(PrerenderContext);
}
