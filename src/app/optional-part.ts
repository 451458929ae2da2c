/**
 * Lazily loaded parts a page can do without: the update banner, the install offer, the developer
 * panel. When their code cannot be loaded (offline on a first visit, or a load the browser cut off
 * because the page is being left) they are left out, where a plain lazy part would put the route's
 * error page up and reload it.
 */
import { lazy, type ComponentType } from 'react';

const Absent = () => null;

export function lazyOptional<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  return lazy(async () => {
    try {
      return { default: await load() };
    } catch (error) {
      console.warn(`${name} could not be loaded; the page goes on without it.`, error);
      return { default: Absent as ComponentType<P> };
    }
  });
}
