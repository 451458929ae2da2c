/**
 * Id of the element that holds the prerendered markup until the app has drawn the same page. On
 * its own so the app's first route does not carry the build's page list (pages.ts) to know it.
 */
export const PRERENDER_CONTAINER_ID = 'prerendered';

/**
 * Marks the container of a member's first screen that the server rendered (member-screens.ts):
 * the app then boots as in its own shell, not as behind a visitor's page.
 */
export const MEMBER_SCREEN_ATTRIBUTE = 'data-member-screen';
