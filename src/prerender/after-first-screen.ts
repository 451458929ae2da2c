/**
 * The moment work that the first screen does not need may start: the route's screen is on the
 * page and the browser then has an idle moment. The sync worker's start is such work (about
 * 150 ms of script to compile and run, on a phone's few cores beside the screen's own render).
 */
import { revealed } from './reveal';

/** A screen that never mounts (its code failed to load) does not hold the work back longer. */
const SCREEN_WAIT_MS = 3000;

/** Resolves once the first screen has mounted and an idle moment came, or after `idleWaitMs`. */
export async function afterFirstScreen(idleWaitMs = 1000): Promise<void> {
  await Promise.race([revealed, new Promise((resolve) => setTimeout(resolve, SCREEN_WAIT_MS))]);
  await new Promise<void>((resolve) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(() => resolve(), { timeout: idleWaitMs })
      : setTimeout(resolve, 0),
  );
}
