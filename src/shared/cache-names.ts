/**
 * Names of the service worker's runtime caches, shared with the sync worker: when a write is
 * refused for lack of space, the photo cache is the largest copy of server data it can drop.
 */

/** Runtime cache names; precaching uses Workbox's own versioned name. */
export const CACHE_NAMES = {
  i18n: 'amora-i18n',
  settings: 'amora-settings',
  uploads: 'amora-uploads',
  /** Looked up for navigations but never written: the shell fallback comes from the precache. */
  pages: 'amora-pages',
} as const;

/** Where members' photos are served; the service worker keeps the ones shown for offline visits. */
export const UPLOADS_PATH = '/uploads/';

/**
 * The site settings the service worker keeps (the one API answer it caches): the map lander
 * needs them to choose its country, so a lander visited once draws its map offline as well.
 */
export const SETTINGS_PATH = '/api/settings.php';
