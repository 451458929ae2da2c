/**
 * React Router's provider reads the router's state once, when it first renders, and subscribes
 * only after its first commit. A first render in slices (behind a prerendered page) leaves a gap
 * between the two: a state change inside it, such as the lazy screen arriving, would never reach
 * the screen. Rendering once the router has settled closes that gap.
 */
import type { DataRouter } from 'react-router-dom';

/** Settles once the router has matched its first location, loaded its screen and run its loaders. */
export function routerInitialized(router: Pick<DataRouter, 'state' | 'subscribe'>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
