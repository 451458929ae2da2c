/**
 * The public pages the bundle and Lighthouse parts measure (issue 14, "Speed"), and which of them
 * this checkout can show: a page whose route-table screen has no entry in src/screens.ts's SCREENS
 * yet (it still shows the pending screen) is skipped with a note, so the lists can name pages
 * before their screens land.
 */
import { matchRoute } from '../../../src/shared/route-table';

/** Pages of the bundle part: first-route JS of each against the bare apps. */
export const BUNDLE_PAGES = [
  '/',
  '/login',
  '/members',
  '/landers/video/eng',
  '/landers/gallery/nl',
  '/members/2/signup',
];

/** Pages of the Lighthouse part (member 2 is a seeded demo member). */
export const LIGHTHOUSE_PAGES = [
  '/',
  '/login',
  '/pages/terms',
  '/landers/video/eng',
  '/landers/gallery/nl',
  '/members/2/signup',
];

/** A page's screen module, or why the page is skipped. */
export function pageScreen(
  path: string,
  modules: Map<string, string>,
): { module: string } | { skip: string } {
  const route = matchRoute(path)?.route;
  if (!route) return { skip: `${path}: no route in the route table` };
  const module = modules.get(route.screen);
  if (!module) return { skip: `${path}: screen "${route.screen}" not built yet (pending screen)` };
  return { module };
}
