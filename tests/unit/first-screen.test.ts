/**
 * How the app finds a route's screen: the prerendered page's own screen by the address its
 * container names, every other through the map of all screens.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/shared/route-table';
import { prerenderedScreenModule } from '../../src/prerender/first-screen';
import { loadScreen, SCREENS } from '../../src/screens';

afterEach(() => {
  document.body.innerHTML = '';
});

describe("the prerendered page's screen", () => {
  it('is the first file the container lists, for the screen it names', () => {
    document.body.innerHTML =
      '<div id="prerendered" data-lng="nl" data-screen="galleryLander" ' +
      'data-js="/assets/GalleryLander-a1.js /assets/lander-b2.js"></div>';
    expect(prerenderedScreenModule('galleryLander')).toBe('/assets/GalleryLander-a1.js');
  });

  it('is nothing for another screen, a page that names none, or once the copy is gone', () => {
    document.body.innerHTML =
      '<div id="prerendered" data-lng="nl" data-screen="lander" data-js="/assets/L.js"></div>';
    expect(prerenderedScreenModule('signup')).toBeUndefined();
    document.body.innerHTML = '<div id="prerendered" data-lng="nl" data-js="/assets/L.js"></div>';
    expect(prerenderedScreenModule('lander')).toBeUndefined();
    document.body.innerHTML = '<div id="root"></div>';
    expect(prerenderedScreenModule('lander')).toBeUndefined();
  });
});

describe('the map of all screens', () => {
  it('has a module for every screen the route table names', () => {
    const missing = ROUTES.map((route) => route.screen).filter((screen) => !SCREENS[screen]);
    expect(missing).toEqual([]);
  });

  it('refuses a screen it does not know', () => {
    expect(() => loadScreen('no-such-screen')).toThrow(/no module: no-such-screen/);
  });

  it("loads a screen's module", async () => {
    const screen = await loadScreen('staticPage');
    expect(typeof screen.default).toBe('function');
  });
});
