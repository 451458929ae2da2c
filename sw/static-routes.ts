/**
 * Built files straight from the precache, without the worker's script (the static routing of
 * InstallEvent.addRoutes, in Chromium since 123). Every script of a page otherwise went through
 * the fetch handler one by one: an offline reload of /members asks for about thirty, and the
 * worker answering each in turn was most of the time before the screen's code could run. The
 * browser now reads them from the same cache the precache route reads, and asks the network for
 * one that is not there (a source map, or a file the running version never had), as that route
 * does. Browsers without it keep the fetch handler, which serves the same answers.
 */

/** Built files: named by content, so the cached copy is the right one for as long as it exists. */
export const BUILT_FILES_PATTERN = '/assets/*';

/** What addRoutes accepts, as far as this worker uses it. */
interface StaticRoute {
  condition: { urlPattern: string; requestMethod: string };
  source: { cacheName: string };
}

/** The install event where the browser offers static routing. */
interface RoutableInstallEvent {
  addRoutes?: (routes: StaticRoute[]) => Promise<void>;
}

/** The routes for a precache named `cacheName`. */
export function staticRoutes(cacheName: string): StaticRoute[] {
  return [
    {
      condition: { urlPattern: BUILT_FILES_PATTERN, requestMethod: 'GET' },
      source: { cacheName },
    },
  ];
}

/**
 * Adds the routes during `install` where the browser offers them; a browser that refuses them
 * (an older rule format) keeps serving through the fetch handler.
 */
export async function addStaticRoutes(event: object, cacheName: string): Promise<void> {
  const { addRoutes } = event as RoutableInstallEvent;
  if (typeof addRoutes !== 'function') return;
  try {
    await addRoutes.call(event, staticRoutes(cacheName));
  } catch (error) {
    console.warn('Static routes refused; built files go through the fetch handler', error);
  }
}
