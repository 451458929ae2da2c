/** The built files the browser reads from the precache without the worker's fetch handler. */
import { describe, expect, it, vi } from 'vitest';
import { addStaticRoutes, BUILT_FILES_PATTERN, staticRoutes } from '../../sw/static-routes';

const PRECACHE = 'workbox-precache-v2-https://amora.example/';

describe('static routes of the service worker', () => {
  it('sends GETs of built files to the precache by its name, and nothing else', () => {
    expect(staticRoutes(PRECACHE)).toEqual([
      {
        condition: { urlPattern: '/assets/*', requestMethod: 'GET' },
        source: { cacheName: PRECACHE },
      },
    ]);
    // Pages, the API, photos and messages stay with the fetch handler's own strategies.
    const pattern = new RegExp(`^${BUILT_FILES_PATTERN.replace('*', '.*')}$`);
    for (const path of [
      '/members',
      '/api/user.php',
      '/uploads/a.png',
      '/_i18n/en/messages.json',
      '/sw.js',
    ])
      expect(pattern.test(path), path).toBe(false);
  });

  it('adds them during install where the browser offers addRoutes', async () => {
    const addRoutes = vi.fn(async () => undefined);
    const event = { addRoutes };

    await addStaticRoutes(event, PRECACHE);

    expect(addRoutes).toHaveBeenCalledWith(staticRoutes(PRECACHE));
    expect(addRoutes.mock.contexts[0]).toBe(event);
  });

  it('leaves a browser without addRoutes, or one that refuses the rules, to the fetch handler', async () => {
    await expect(addStaticRoutes({}, PRECACHE)).resolves.toBeUndefined();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const refusing = {
      addRoutes: async () => {
        throw new TypeError('Unsupported source');
      },
    };
    await expect(addStaticRoutes(refusing, PRECACHE)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
