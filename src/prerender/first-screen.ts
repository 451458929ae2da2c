/**
 * The screen a prerendered page was rendered with. The container names its key (`data-screen`)
 * and lists its files (`data-js`, the screen's own chunk first), which the boot script has already
 * asked for: the app imports that chunk by its address instead of through the map of all screens.
 */
import { PRERENDER_CONTAINER_ID } from '../shared/prerender/container';

/**
 * The address of `screen`'s chunk while the prerendered page of that screen shows, else
 * undefined (after the reveal the container is gone, and the map of all screens serves).
 */
export function prerenderedScreenModule(screen: string): string | undefined {
  const data =
    typeof document === 'undefined'
      ? undefined
      : document.getElementById(PRERENDER_CONTAINER_ID)?.dataset;
  return data?.screen === screen ? data.js?.split(' ')[0] : undefined;
}
