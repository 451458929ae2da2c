/**
 * Id of the element that holds the prerendered markup until the app has drawn the same page. On
 * its own so the app's first route does not carry the build's page list (pages.ts) to know it.
 */
export const PRERENDER_CONTAINER_ID = 'prerendered';
