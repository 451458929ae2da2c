/** The `handle` every leaf route carries, so the shell can read the route-table entry of the page. */
import { useMatches } from 'react-router-dom';
import type { RouteDef } from '../shared/route-table';

export interface RouteHandle {
  route: RouteDef;
}

/** Entry for paths no route knows; drawn in the default layout with the 404 page. */
export const NOT_FOUND_ROUTE: RouteDef = {
  name: 'not-found',
  path: '*',
  auth: 'public',
  layout: 'default',
  screen: 'notFound',
};

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

/** The route-table entry of the deepest matched route, or null. */
export function useCurrentRoute(): RouteDef | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.route;
  }
  return null;
}
